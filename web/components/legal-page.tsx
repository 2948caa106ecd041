import type { LucideIcon } from 'lucide-react';
import type { LegalDocument } from '../content/pages.ts';
import { formatDate } from '../lib/format.ts';
import { PageBanner } from './page-banner.tsx';

/** The privacy policy and terms of service: a contents list beside readable sections. */
export function LegalPage({
  document,
  eyebrow,
  icon: Icon,
}: {
  document: LegalDocument;
  eyebrow: string;
  icon: LucideIcon;
}) {
  const sections = document.sections.map((section, index) => ({ ...section, id: `section-${index + 1}` }));
  return (
    <div className="bg-white">
      <PageBanner icon={Icon} eyebrow={eyebrow} title={document.title}>
        <p className="mt-4 text-slate-300">
          Last updated <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
        </p>
      </PageBanner>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr] lg:gap-16 lg:py-16">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-bold uppercase tracking-widest text-slate-500">Contents</p>
          <ol className="mt-3 space-y-2 border-l-2 border-slate-200 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-0.5 block border-l-2 border-transparent pl-4 text-slate-700 hover:border-brand-700 hover:text-brand-700"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <p className="text-lg leading-relaxed text-slate-700">{document.intro}</p>
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-24">
              <h2 id={section.id} className="text-2xl font-bold tracking-tight text-slate-900">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
