import { Link } from '@tanstack/react-router';
import { HERO, SITE, WHAT_IS } from '../../../content/site.ts';
import { Hero } from './hero.tsx';
import { LatestNews } from './latest-news.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';

/** The home page; also what any unknown path shows. */
export function HomePage() {
  return (
    <>
      <Hero content={HERO} />
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="what-is-title">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="what-is-title" className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">
              What is {SITE.name}?
            </h2>
            {WHAT_IS.paragraphs.map((text) => (
              <p key={text} className="mt-4 text-lg leading-relaxed text-slate-700">
                {text}
              </p>
            ))}
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/about" className="rounded-lg bg-slate-900 px-5 py-2.5 font-bold text-white hover:bg-slate-700">
                About the competition
              </Link>
              <Link
                to="/events"
                className="rounded-lg border-2 border-slate-900 px-5 py-2.5 font-bold text-slate-900 hover:bg-slate-900 hover:text-white"
              >
                Find an event
              </Link>
            </div>
          </div>
          <LatestNews />
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <UpcomingEvents />
      </section>
    </>
  );
}
