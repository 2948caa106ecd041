import { Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { HeroClip, HeroContent } from '../../../content/site.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { HERO_FADE_MS, HERO_FALLBACK_MS, HERO_PLAYBACK_RATE, nextSlide } from '../hero-rotation.ts';

interface Props {
  content: HeroContent;
  /** Holds auto-advance; nothing sets it on the public site. */
  holdAutoAdvance?: boolean;
}

/**
 * Three rotating background clips: the active one plays at 0.85 speed, the others are paused and
 * rewound; the next clip fades in over 2 s when the current one ends, wrapping round.
 */
export function Hero({ content, holdAutoAdvance = false }: Props) {
  const slides = content.clips;
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const isMobile = useMediaQuery('(max-width: 767px)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const videos = useRef<Array<HTMLVideoElement | null>>([]);
  const pageLoaded = usePageLoaded();

  // The browser takes the first source it can play.
  const sourcesOf = (clip: HeroClip) =>
    isMobile
      ? [{ src: clip.mobile.src, type: 'video/mp4' }]
      : [
          { src: clip.desktop.webm, type: 'video/webm' },
          { src: clip.desktop.mp4, type: 'video/mp4' },
        ];
  const activeSlide = slides[active];
  const activeIsVideo = !!activeSlide && !failed.has(active) && !reducedMotion;
  const advance = () => {
    if (!holdAutoAdvance) setActive((i) => nextSlide(i, slides.length));
  };

  // Drive the media elements: only the active clip plays, once the page has loaded (see below).
  useEffect(() => {
    videos.current.forEach((video, index) => {
      if (!video) return;
      if (index === active && activeIsVideo && pageLoaded) {
        video.playbackRate = HERO_PLAYBACK_RATE;
        video.play().catch(() => setFailed((f) => new Set(f).add(index)));
      } else {
        video.pause();
        video.currentTime = 0;
      }
    });
  }, [active, activeIsVideo, pageLoaded]);

  // A slide without a playable video advances after the fallback duration (restarted on every slide change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the timer for each new slide
  useEffect(() => {
    if (activeIsVideo || holdAutoAdvance || slides.length < 2) return;
    const timer = setTimeout(
      () => setActive((i) => nextSlide(i, slides.length)),
      activeSlide?.durationFallbackMs ?? HERO_FALLBACK_MS,
    );
    return () => clearTimeout(timer);
  }, [active, activeIsVideo, holdAutoAdvance, slides.length, activeSlide]);

  return (
    <section
      className="relative isolate flex min-h-[78vh] items-center overflow-hidden bg-slate-950 text-white"
      data-testid="hero"
      data-active-slide={active}
    >
      <div className="absolute inset-0 -z-10" aria-hidden="true">
        {slides.map((slide, index) => {
          // Until the page has loaded, the first screen gets the bandwidth: the active slide shows its
          // poster (the page's largest picture, preloaded with the document: docs/decisions/057), and
          // the clips and the other slides' posters come afterwards.
          const shown = index === active || pageLoaded;
          return (
            <div
              key={slide.poster}
              className="absolute inset-0 transition-opacity ease-in-out"
              style={{ opacity: index === active ? 1 : 0, transitionDuration: `${HERO_FADE_MS}ms` }}
              data-testid="hero-slide"
              data-active={index === active}
            >
              {!shown ? null : !failed.has(index) ? (
                <video
                  ref={(el) => {
                    videos.current[index] = el;
                  }}
                  key={isMobile ? 'mobile' : 'desktop'}
                  className="size-full object-cover"
                  aria-label={slide.label}
                  poster={slide.poster}
                  muted
                  playsInline
                  preload={!pageLoaded ? 'none' : index === active ? 'auto' : 'metadata'}
                  onEnded={advance}
                  onError={() => setFailed((f) => new Set(f).add(index))}
                >
                  {pageLoaded &&
                    sourcesOf(slide).map((source) => <source key={source.src} src={source.src} type={source.type} />)}
                </video>
              ) : (
                <img className="size-full object-cover" src={slide.poster} alt="" />
              )}
            </div>
          );
        })}
        <div className="absolute inset-0 bg-gradient-to-t from-slate-950 via-slate-950/55 to-slate-950/30" />
      </div>

      <div className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6">
        <h1 className="max-w-3xl text-4xl font-black leading-tight tracking-tight sm:text-6xl">{content.headline}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-200 sm:text-xl">{content.subtitle}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={content.primaryAction.to}
            className="rounded-lg bg-brand-700 px-6 py-3 font-bold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {content.primaryAction.label}
          </Link>
          <Link
            to={content.secondaryAction.to}
            className="rounded-lg border-2 border-white/80 px-6 py-3 font-bold text-white hover:bg-white hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {content.secondaryAction.label}
          </Link>
        </div>
        <Link
          to={content.upcomingBanner.to}
          className="mt-12 inline-flex items-center gap-3 rounded-full bg-white/10 px-5 py-2.5 text-sm font-semibold backdrop-blur hover:bg-white/20"
          data-testid="hero-upcoming-banner"
        >
          <CalendarDays className="size-4 text-brand-100" aria-hidden="true" />
          <span className="font-bold">{content.upcomingBanner.label}</span>
          <span className="hidden text-slate-300 sm:inline">{content.upcomingBanner.text}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}

/** Whether the window's load event has passed. */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}
