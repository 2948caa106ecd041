import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const GLOW = {
  'top-right': 'bg-[radial-gradient(ellipse_at_top_right,rgba(220,38,38,0.45),transparent_60%)]',
  'bottom-left': 'bg-[radial-gradient(ellipse_at_bottom_left,rgba(220,38,38,0.45),transparent_60%)]',
  'bottom-right': 'bg-[radial-gradient(ellipse_at_bottom_right,rgba(220,38,38,0.45),transparent_60%)]',
} as const;

/** The dark band that opens the content pages: an eyebrow with its icon, the page's one h1, and an intro. */
export function PageBanner({
  icon: Icon,
  eyebrow,
  title,
  glow,
  children,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  glow?: keyof typeof GLOW;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-slate-950 text-white">
      {glow && <div aria-hidden="true" className={`absolute inset-0 ${GLOW[glow]}`} />}
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-orange-300">
          <Icon aria-hidden="true" className="size-4" /> {eyebrow}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {children}
      </div>
    </header>
  );
}

/** The intro line under a PageBanner title. */
export function BannerIntro({ children }: { children: ReactNode }) {
  return <p className="mt-5 max-w-2xl text-lg text-slate-200 sm:text-xl">{children}</p>;
}
