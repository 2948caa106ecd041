import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { displayKeys, resultKeys } from '../../lib/query-keys.ts';
import { displayQuery, eventDisplayQuery } from '../display/queries.ts';
import { myHeatsQuery } from '../event-day/queries.ts';
import { competitorHeatsQuery, departmentHeatsQuery } from '../following/queries.ts';
import { competitorResultsQuery, departmentResultsQuery } from '../public-results/queries.ts';
import { resultsDisplayQuery, timingQuery } from '../results/queries.ts';
import { keysTouched, RUN_STREAMS, runStreamOf, shownKeysTouched, streamsTouching } from './run-changes.ts';

const RUN = 36;
const OTHER_RUN = 37;
const EVENT = 5;

/** The query keys of each live view, as the screens build them. */
const views = {
  runDisplay: displayQuery(RUN).queryKey,
  runResults: resultsDisplayQuery(RUN).queryKey,
  otherRunDisplay: displayQuery(OTHER_RUN).queryKey,
  otherRunResults: resultsDisplayQuery(OTHER_RUN).queryKey,
  eventDisplay: eventDisplayQuery(EVENT).queryKey,
  timing: timingQuery(RUN).queryKey,
  otherTiming: timingQuery(OTHER_RUN).queryKey,
  myHeats: myHeatsQuery(12, EVENT).queryKey,
  myHeatsEverywhere: myHeatsQuery(12).queryKey,
  followedHeats: competitorHeatsQuery(12).queryKey,
  followedDepartmentHeats: departmentHeatsQuery(3).queryKey,
  followedResults: competitorResultsQuery(12).queryKey,
  followedDepartmentResults: departmentResultsQuery(3).queryKey,
};
type View = keyof typeof views;
const ALL = Object.keys(views) as View[];

/** Which views a change of the run's stream touches, by name. */
const touchedViews = (stream: (typeof RUN_STREAMS)[number], runId = RUN): View[] =>
  ALL.filter((view) => shownKeysTouched(stream, runId, [views[view]]).length > 0);

describe('what a change of a run touches', () => {
  it('a registration (a cancellation, a substitution): the names of that run, in its order and its results alike', () => {
    // The venue display's results panel was left to its 30 s poll when an entrant was cancelled.
    expect(touchedViews('registrations')).toEqual([
      'runDisplay',
      'runResults',
      'timing',
      'myHeats',
      'myHeatsEverywhere',
      'followedHeats',
      'followedDepartmentHeats',
    ]);
  });

  it("a run-order change: every run's display and the event's (estimated starts chain), its timing table, my heats", () => {
    expect(touchedViews('run-order')).toEqual([
      'runDisplay',
      'otherRunDisplay',
      'eventDisplay',
      'timing',
      'myHeats',
      'myHeatsEverywhere',
      'followedHeats',
      'followedDepartmentHeats',
    ]);
  });

  it("a result: that run's results on the display and its timing table, followed public results, nothing of the order", () => {
    const followed = ['followedResults', 'followedDepartmentResults'];
    expect(touchedViews('results')).toEqual(['runResults', 'timing', ...followed]);
    expect(touchedViews('results', OTHER_RUN)).toEqual(['otherRunResults', 'otherTiming', ...followed]);
  });

  it('the Following page: the orders, the results and the registrations of the runs it follows', () => {
    expect(streamsTouching(RUN, [views.followedHeats, views.followedResults])).toEqual([
      'run-order',
      'results',
      'registrations',
    ]);
    expect(streamsTouching(RUN, [views.followedDepartmentResults])).toEqual(['results']);
  });

  it('hands back the shown keys themselves, only those touched', () => {
    const shown = [views.runDisplay, views.runResults];
    expect(shownKeysTouched('registrations', RUN, shown)).toEqual(shown);
    expect(shownKeysTouched('results', RUN, shown)).toEqual([views.runResults]);
    expect(shownKeysTouched('registrations', OTHER_RUN, shown)).toEqual([]);
  });

  it('invalidating the keys touched marks those views stale in a query client, and no other', async () => {
    const client = new QueryClient();
    for (const view of ALL) client.setQueryData<unknown>(views[view] as QueryKey, { view });
    for (const key of keysTouched('registrations', RUN)) await client.invalidateQueries({ queryKey: key });
    const stale = ALL.filter((view) => client.getQueryState(views[view])?.isInvalidated);
    expect(stale).toEqual([
      'runDisplay',
      'runResults',
      'timing',
      'myHeats',
      'myHeatsEverywhere',
      'followedHeats',
      'followedDepartmentHeats',
    ]);
  });
});

describe('the streams a live view follows', () => {
  const streams = (...shown: QueryKey[]) => streamsTouching(RUN, shown);

  it('the venue display (order and results): all three', () => {
    expect(streams(views.runDisplay, views.runResults)).toEqual(['run-order', 'results', 'registrations']);
  });

  it('a start list: the order and the registrations', () => {
    expect(streams(views.runDisplay)).toEqual(['run-order', 'registrations']);
  });

  it('the event-wide view: the run orders only', () => {
    expect(streams(views.eventDisplay)).toEqual(['run-order']);
    expect(streams(views.eventDisplay, displayKeys.run(OTHER_RUN))).toEqual(['run-order']);
  });

  it('the timing table: all three (a substitute changes a lane)', () => {
    expect(streams(views.timing)).toEqual(['run-order', 'results', 'registrations']);
    expect(streamsTouching(OTHER_RUN, [resultKeys.timing(RUN)])).toEqual([]);
  });

  it('my heats: the orders and the registrations', () => {
    expect(streams(views.myHeats)).toEqual(['run-order', 'registrations']);
  });

  it("reads the socket's stream names", () => {
    expect(RUN_STREAMS.map((s) => runStreamOf(s === 'run-order' ? undefined : s))).toEqual(RUN_STREAMS);
    expect(runStreamOf('presence')).toBeUndefined();
  });
});
