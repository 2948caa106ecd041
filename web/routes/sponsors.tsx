import { createFileRoute } from '@tanstack/react-router';
import { ArrowUpRight, Award, Handshake, Mail } from 'lucide-react';
import { BannerIntro, PageBanner } from '../components/page-banner.tsx';
import { SPONSOR_DESCRIPTIONS, SPONSORS_PAGE } from '../content/pages.ts';
import { mailtoHref, SITE, type Sponsor, sponsorsByTier } from '../content/site.ts';

export const Route = createFileRoute('/sponsors')({
  component: SponsorsPage,
});

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A sponsor's logo, linking to its site in a new tab. */
function LogoLink({
  sponsor,
  className,
  imageClassName = 'h-auto max-h-20 w-auto max-w-full',
}: {
  sponsor: Sponsor;
  className: string;
  imageClassName?: string;
}) {
  return (
    <a href={sponsor.url} {...NEW_TAB} className={className}>
      <img
        src={sponsor.logo}
        alt={`${sponsor.name} (opens in a new tab)`}
        width={240}
        height={80}
        className={imageClassName}
      />
    </a>
  );
}

function SponsorsPage() {
  const [primary] = sponsorsByTier('primary');
  const major = sponsorsByTier('major');
  const supporting = sponsorsByTier('supporting');
  const { partnership } = SPONSORS_PAGE;

  return (
    <div className="bg-white">
      <PageBanner icon={Handshake} eyebrow="Partners" title={SPONSORS_PAGE.title} glow="top-right">
        <BannerIntro>{SPONSORS_PAGE.intro}</BannerIntro>
      </PageBanner>

      {primary && (
        <section aria-labelledby="primary-sponsor" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:pt-20">
          <h2
            id="primary-sponsor"
            className="flex items-center gap-2 text-sm font-bold uppercase tracking-widest text-brand-700"
          >
            <Award aria-hidden="true" className="size-5" /> {SPONSORS_PAGE.primaryHeading}
          </h2>
          <article className="mt-5 grid overflow-hidden rounded-3xl border border-slate-200 shadow-lg md:grid-cols-5">
            <LogoLink
              sponsor={primary}
              className="flex items-center justify-center bg-white p-10 transition hover:bg-slate-50 md:col-span-2 md:p-12"
              imageClassName="h-auto w-full max-w-xs"
            />
            <div className="flex flex-col justify-center bg-gradient-to-br from-brand-800 to-brand-900 p-8 text-white sm:p-10 md:col-span-3">
              <h3 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{primary.name}</h3>
              <p className="mt-4 text-lg leading-relaxed text-red-50">{SPONSOR_DESCRIPTIONS[primary.name]}</p>
              <VisitLink sponsor={primary} className="mt-6 self-start bg-white text-brand-800 hover:bg-red-50" />
            </div>
          </article>
        </section>
      )}

      <section aria-labelledby="major-sponsors" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:pt-20">
        <h2 id="major-sponsors" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {SPONSORS_PAGE.majorHeading}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {major.map((sponsor) => (
            <li key={sponsor.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
              <LogoLink
                sponsor={sponsor}
                className="flex h-36 items-center justify-center rounded-t-2xl border-b border-slate-100 p-6 transition hover:bg-slate-50"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-lg font-bold text-slate-900">{sponsor.name}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-slate-600">{SPONSOR_DESCRIPTIONS[sponsor.name]}</p>
                <VisitLink
                  sponsor={sponsor}
                  className="mt-5 self-start bg-brand-50 text-brand-800 hover:bg-brand-100"
                />
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="supporting-sponsors" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:pt-20">
        <h2 id="supporting-sponsors" className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {SPONSORS_PAGE.supportingHeading}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6">
          {supporting.map((sponsor) => (
            <li key={sponsor.name}>
              <LogoLink
                sponsor={sponsor}
                className="flex h-24 items-center justify-center rounded-2xl border border-slate-200 bg-white p-4 transition sm:h-32 sm:p-6 hover:border-slate-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partnership" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <div className="relative overflow-hidden rounded-3xl bg-slate-950 px-6 py-12 text-white sm:px-12 lg:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(circle_at_bottom_left,rgba(220,38,38,0.5),transparent_60%)]"
          />
          <div className="relative flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-2xl">
              <h2 id="partnership" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
                {partnership.heading}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-200">{partnership.text}</p>
            </div>
            <div className="flex shrink-0 flex-col items-start gap-3">
              <a
                href={mailtoHref(partnership.emailSubject)}
                className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-6 py-3.5 font-semibold text-white shadow-lg transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <Mail aria-hidden="true" className="size-5" />
                {partnership.buttonLabel}
              </a>
              <p className="text-sm text-slate-300">{SITE.email}</p>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

function VisitLink({ sponsor, className }: { sponsor: Sponsor; className: string }) {
  return (
    <a
      href={sponsor.url}
      {...NEW_TAB}
      className={`inline-flex items-center gap-1.5 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${className}`}
    >
      {SPONSORS_PAGE.visitLabel}
      <span className="sr-only"> of {sponsor.name} (opens in a new tab)</span>
      <ArrowUpRight aria-hidden="true" className="size-4" />
    </a>
  );
}
