import { Link } from '@tanstack/react-router';
import { Flame, Mail, MapPin, Phone } from 'lucide-react';
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_QUICK_LINKS,
  FOOTER_SPONSORS_HEADING,
  SITE,
  SOCIAL_LINKS,
  type SocialLink,
  SPONSORS,
} from '../content/site.ts';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Footer: mission and tagline, quick links, address, contacts, social links, sponsor logos, copyright, legal links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300" data-testid="site-footer">
      <div className="border-b border-white/10 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <p className="text-center text-xs font-bold uppercase tracking-widest text-slate-600">
            {FOOTER_SPONSORS_HEADING}
          </p>
          <ul
            className="mt-5 grid grid-cols-2 items-center gap-6 sm:grid-cols-3 lg:grid-cols-6"
            data-testid="footer-sponsors"
          >
            {SPONSORS.map((sponsor) => (
              <li key={sponsor.name} className="flex justify-center">
                <a
                  href={sponsor.url}
                  {...external}
                  className="block rounded p-1 opacity-80 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  {/* Every logo is drawn on a 240×80 canvas: the size keeps its room before it loads (no shift). */}
                  <img
                    src={sponsor.logo}
                    alt={sponsor.name}
                    width={240}
                    height={80}
                    className="h-12 w-auto max-w-[10rem] object-contain"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-xl font-extrabold text-white">
            <Flame className="size-6 text-brand-600" aria-hidden="true" /> {SITE.name}
          </p>
          <p className="mt-3 max-w-md text-sm leading-relaxed">{SITE.mission}</p>
          <p className="mt-3 font-semibold italic text-white">{SITE.tagline}</p>
          <ul className="mt-5 flex gap-3">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.platform}>
                <a
                  href={link.url}
                  {...external}
                  aria-label={link.label}
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-white transition hover:bg-brand-700"
                >
                  <SocialIcon platform={link.platform} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Quick links">
          <h2 className="text-sm font-bold uppercase tracking-widest text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-bold uppercase tracking-widest text-white">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                {SITE.address.organisation}
                <br />
                {SITE.address.street}
                <br />
                {SITE.address.city}, {SITE.address.province} {SITE.address.postalCode}
                <br />
                {SITE.address.country}
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <a href={SITE.phoneHref} className="hover:text-white hover:underline">
                {SITE.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <a href={`mailto:${SITE.email}`} className="hover:text-white hover:underline">
                {SITE.email}
              </a>
            </p>
          </address>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-xs sm:flex-row sm:px-6">
          <p>
            © {year} {SITE.copyrightHolder}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            {FOOTER_LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** Simple brand-neutral glyphs: lucide dropped trademarked logos. */
function SocialIcon({ platform }: { platform: SocialLink['platform'] }) {
  const common = { className: 'size-5', viewBox: '0 0 24 24', fill: 'currentColor' } as const;
  if (platform === 'facebook') {
    return (
      <svg {...common} aria-hidden="true">
        <path d="M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z" />
      </svg>
    );
  }
  if (platform === 'instagram') {
    return (
      <svg {...common} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg {...common} aria-hidden="true">
      <path d="M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15.1V8.9l5.2 3.1z" />
    </svg>
  );
}
