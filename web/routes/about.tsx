import { createFileRoute } from '@tanstack/react-router';
import {
  ClipboardList,
  Flame,
  HardHat,
  History,
  type LucideIcon,
  Mail,
  Repeat,
  ShieldCheck,
  Timer,
  UserRound,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { BannerIntro, PageBanner } from '../components/page-banner.tsx';
import { ABOUT_PAGE, type CompetitionFormat } from '../content/pages.ts';
import { mailtoHref, SITE } from '../content/site.ts';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

// In the order of ABOUT_PAGE.eventLike.formats: Individual, Relay, Tech2 Relay.
const FORMAT_ICONS: readonly LucideIcon[] = [UserRound, Users, Repeat];

function AboutPage() {
  const { whatIs, whoWeAre, eventLike, join, history, getInvolved } = ABOUT_PAGE;
  return (
    <div className="bg-white">
      <PageBanner icon={Flame} eyebrow="About" title={ABOUT_PAGE.title} glow="bottom-right">
        <BannerIntro>{ABOUT_PAGE.intro}</BannerIntro>
      </PageBanner>

      <section aria-labelledby="what-is" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="what-is">{whatIs.heading}</SectionHeading>
            <Paragraphs paragraphs={whatIs.paragraphs} />
          </div>
          <div>
            <SectionHeading id="who-we-are">{whoWeAre.heading}</SectionHeading>
            <Paragraphs paragraphs={whoWeAre.paragraphs} />
          </div>
        </div>
      </section>

      <section aria-labelledby="event-like" className="bg-slate-50 py-14 lg:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="max-w-3xl">
            <SectionHeading id="event-like">{eventLike.heading}</SectionHeading>
            <Paragraphs paragraphs={eventLike.paragraphs} />
          </div>

          <h3 className="mt-12 text-xl font-bold text-slate-900">{eventLike.formatsHeading}</h3>
          <ul className="mt-5 grid gap-5 md:grid-cols-3">
            {eventLike.formats.map((format, index) => (
              <FormatCard key={format.name} format={format} icon={FORMAT_ICONS[index] ?? Users} />
            ))}
          </ul>

          <h3 className="mt-14 text-xl font-bold text-slate-900">{eventLike.courseHeading}</h3>
          <p className="mt-2 text-slate-700">{eventLike.courseIntro}</p>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {eventLike.courseTasks.map((task, index) => (
              <li key={task.name} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-bold text-slate-900">
                    <span className="sr-only">Task {index + 1}: </span>
                    {task.name}
                  </p>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{task.detail}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="join" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <div className="max-w-3xl">
          <SectionHeading id="join">{join.heading}</SectionHeading>
          <Paragraphs paragraphs={join.paragraphs} />
        </div>
        <div className="mt-10 grid gap-5 lg:grid-cols-3">
          <InfoCard icon={ShieldCheck} heading={join.eligibilityHeading}>
            <p>{join.eligibility}</p>
          </InfoCard>
          <InfoCard icon={ClipboardList} heading={join.stepsHeading}>
            <ol className="space-y-2">
              {join.steps.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span className="font-bold text-brand-700">{index + 1}.</span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </InfoCard>
          <InfoCard icon={HardHat} heading={join.gearHeading}>
            <p>{join.gear}</p>
          </InfoCard>
        </div>
      </section>

      <section aria-labelledby="history" className="relative overflow-hidden bg-brand-900 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_top_left,rgba(251,146,60,0.25),transparent_55%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <div className="grid gap-10 lg:grid-cols-5 lg:gap-16">
            <div className="lg:col-span-2">
              <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-orange-200">
                <History aria-hidden="true" className="size-4" /> Since 1994
              </p>
              <h2 id="history" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
                {history.heading}
              </h2>
              {history.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 text-lg leading-relaxed text-red-50">
                  {paragraph}
                </p>
              ))}
            </div>
            <dl className="grid grid-cols-2 gap-4 self-start lg:col-span-3">
              {history.figures.map((figure, index) => (
                <div
                  key={figure.label}
                  className={`flex flex-col rounded-xl bg-white/10 p-5 ring-1 ring-white/15 ${index === 0 ? 'col-span-2' : ''}`}
                >
                  <dt className="text-sm text-red-100">{figure.label}</dt>
                  <dd className="order-first text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
                    {figure.value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>

      <section aria-labelledby="get-involved" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <div className="flex flex-col gap-8 rounded-2xl border border-slate-200 bg-slate-50 p-8 sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <SectionHeading id="get-involved">{getInvolved.heading}</SectionHeading>
            <Paragraphs paragraphs={getInvolved.paragraphs} />
          </div>
          <div className="flex shrink-0 flex-col items-start gap-2">
            <a
              href={mailtoHref(getInvolved.emailSubject)}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <Mail aria-hidden="true" className="size-5" />
              {getInvolved.buttonLabel}
            </a>
            <p className="text-sm text-slate-600">
              or write to{' '}
              <a
                href={mailtoHref()}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {SITE.email}
              </a>
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
      {children}
    </h2>
  );
}

function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((paragraph) => (
    <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
      {paragraph}
    </p>
  ));
}

function FormatCard({ format, icon: Icon }: { format: CompetitionFormat; icon: LucideIcon }) {
  return (
    <li className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h4 className="mt-4 text-xl font-bold text-slate-900">{format.name}</h4>
      <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-brand-700">
        <Timer aria-hidden="true" className="size-4" />
        {format.teamSize}
      </p>
      <p className="mt-3 leading-relaxed text-slate-600">{format.summary}</p>
    </li>
  );
}

function InfoCard({ icon: Icon, heading, children }: { icon: LucideIcon; heading: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-lg font-bold text-slate-900">{heading}</h3>
      </div>
      <div className="mt-4 leading-relaxed text-slate-700">{children}</div>
    </div>
  );
}
