/**
 * The editable texts every public page shows (name, contacts, navigation, footer, sponsors) and the home
 * page's; the texts of single pages are in pages.ts, so the home page does not load them.
 *
 * Organisers change names, addresses, sponsors and page copy here; the pages only lay it out.
 * Contact details, links and sponsors below are placeholders (example domains, a 555 phone number).
 */

/** Paths of the public site that content may link to. */
export type SitePath = '/' | '/events' | '/announcements' | '/results' | '/about' | '/sponsors' | '/privacy' | '/terms';

export interface SiteLink {
  label: string;
  to: SitePath;
}

export interface PostalAddress {
  organisation: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

export interface SiteInfo {
  name: string;
  tagline: string;
  mission: string;
  address: PostalAddress;
  /** Shown to people. */
  phone: string;
  /** For tel: links, E.164. */
  phoneHref: string;
  email: string;
  copyrightHolder: string;
}

export const SITE: SiteInfo = {
  name: 'FireFit Canada',
  tagline: 'Train hard. Race fair. Serve strong.',
  mission:
    'FireFit Canada promotes firefighter fitness and wellness through head-to-head competition, bringing fire services, rescue personnel and communities together on one course.',
  address: {
    organisation: 'FireFit Canada',
    street: 'PO Box 1994, Station Terminal',
    city: 'Vancouver',
    province: 'BC',
    postalCode: 'V6B 3X4',
    country: 'Canada',
  },
  phone: '(604) 555-0142',
  phoneHref: 'tel:+16045550142',
  email: 'info@firefit.example',
  copyrightHolder: 'FireFit Canada',
};

/** The address on one line, e.g. for the footer. */
export function formatAddress(address: PostalAddress = SITE.address): string {
  return `${address.street}, ${address.city}, ${address.province} ${address.postalCode}, ${address.country}`;
}

/** A mailto: link to the site e-mail, with an optional subject. */
export function mailtoHref(subject?: string, email: string = SITE.email): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export interface SocialLink {
  platform: 'facebook' | 'instagram' | 'youtube';
  label: string;
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { platform: 'facebook', label: 'FireFit Canada on Facebook', url: 'https://www.facebook.com/firefitcanada.example' },
  {
    platform: 'instagram',
    label: 'FireFit Canada on Instagram',
    url: 'https://www.instagram.com/firefitcanada.example',
  },
  { platform: 'youtube', label: 'FireFit Canada on YouTube', url: 'https://www.youtube.com/@firefitcanada.example' },
];

/** The sticky top bar, in order. */
export const MAIN_NAV: readonly SiteLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Events', to: '/events' },
  { label: 'News', to: '/announcements' },
  { label: 'Results', to: '/results' },
  { label: 'About', to: '/about' },
  { label: 'Sponsors', to: '/sponsors' },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { label: 'Upcoming Events', to: '/events' },
  { label: 'Latest News', to: '/announcements' },
  { label: 'Results', to: '/results' },
  { label: 'About FireFit', to: '/about' },
  { label: 'Our Sponsors', to: '/sponsors' },
];

export const FOOTER_LEGAL_LINKS: readonly SiteLink[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

export const FOOTER_SPONSORS_HEADING = 'Proudly supported by';

// ---------------------------------------------------------------------------------------------
// Sponsors (invented placeholder companies)

export type SponsorTier = 'primary' | 'major' | 'supporting';

export interface Sponsor {
  name: string;
  url: string;
  /** Path under web/public, readable on a white background, drawn on a 240×80 canvas (the footer sizes it so). */
  logo: string;
  tier: SponsorTier;
}

export const SPONSORS: readonly Sponsor[] = [
  {
    name: 'Northern Shield Gear',
    url: 'https://northern-shield-gear.example.org',
    logo: '/media/sponsors/northern-shield-gear.svg',
    tier: 'primary',
  },
  {
    name: 'Maple Turnout Co.',
    url: 'https://maple-turnout.example.org',
    logo: '/media/sponsors/maple-turnout-co.svg',
    tier: 'major',
  },
  {
    name: 'Summitline Air Systems',
    url: 'https://summitline-air.example.org',
    logo: '/media/sponsors/summitline-air-systems.svg',
    tier: 'major',
  },
  {
    name: 'Ironbeam Rescue Tools',
    url: 'https://ironbeam-rescue.example.org',
    logo: '/media/sponsors/ironbeam-rescue-tools.svg',
    tier: 'major',
  },
  {
    name: 'Prairie Hose & Coupling',
    url: 'https://prairie-hose.example.org',
    logo: '/media/sponsors/prairie-hose-coupling.svg',
    tier: 'supporting',
  },
  {
    name: 'True North Athletic Therapy',
    url: 'https://true-north-therapy.example.org',
    logo: '/media/sponsors/true-north-athletic-therapy.svg',
    tier: 'supporting',
  },
];

export function sponsorsByTier(tier: SponsorTier): Sponsor[] {
  return SPONSORS.filter((sponsor) => sponsor.tier === tier);
}

export interface ProseSection {
  heading: string;
  paragraphs: string[];
}

/** "What is FireFit?": the home page shows it and the about page opens with it. */
export const WHAT_IS: ProseSection = {
  heading: 'What is FireFit Canada?',
  paragraphs: [
    'FireFit Canada is a fitness competition series for firefighters. Competitors race in full turnout gear, breathing from an SCBA, through a course of six tasks that mirror the physical demands of the job: climbing, hoisting, forcing entry, advancing a hose line and rescuing a victim.',
    'Two identical courses run side by side, so every run is a head-to-head race against the clock and the person in the next lane. Times are kept to the hundredth of a second.',
  ],
};

// ---------------------------------------------------------------------------------------------
// Home hero

export interface HeroClip {
  /** Describes the clip for people who cannot see it; the clips are decorative. */
  label: string;
  /** Landscape 1280x720; the browser takes the first source it can play. */
  desktop: { webm: string; mp4: string };
  /** Portrait 720x1280, H.264. */
  mobile: { src: string };
  /** A still from the clip, shown before it plays. */
  poster: string;
  /** How long to show the slide when the video cannot tell us (it fails, or is not a video). */
  durationFallbackMs?: number;
}

export interface HeroContent {
  headline: string;
  subtitle: string;
  primaryAction: SiteLink;
  secondaryAction: SiteLink;
  upcomingBanner: SiteLink & { text: string };
  clips: HeroClip[];
}

function heroClip(name: string, label: string): HeroClip {
  return {
    label,
    desktop: { webm: `/media/hero/${name}-desktop.webm`, mp4: `/media/hero/${name}-desktop.mp4` },
    mobile: { src: `/media/hero/${name}-mobile.mp4` },
    poster: `/media/hero/${name}-poster.webp`,
    durationFallbackMs: 7000,
  };
}

export const HERO: HeroContent = {
  headline: 'Canada’s Toughest Firefighter Competition',
  subtitle:
    'Six tasks. Full turnout gear. On air. Firefighters race head-to-head through the real work of the job, and every second counts.',
  primaryAction: { label: 'View Events', to: '/events' },
  secondaryAction: { label: 'Learn More', to: '/about' },
  upcomingBanner: { label: 'Upcoming Events', text: 'See where the series goes next', to: '/events' },
  clips: [
    heroClip('embers', 'Embers rising from a glowing fire'),
    heroClip('flames', 'Flames rising against a dark background'),
    heroClip('streaks', 'Streaks of warm light through red haze'),
  ],
};
