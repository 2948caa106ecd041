import { useEffect, useState } from 'react';
import { formatClock, msUntilNextSecond } from './clock.ts';

/** The time now as HH:MM:SS in the zone given (the venue's), ticking on each whole second. */
export function useClock(timeZone?: string): string {
  const [text, setText] = useState(() => formatClock(new Date(), timeZone));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setText(formatClock(new Date(), timeZone));
      timer = setTimeout(tick, msUntilNextSecond(Date.now()));
    };
    timer = setTimeout(tick, msUntilNextSecond(Date.now()));
    return () => clearTimeout(timer);
  }, [timeZone]);
  return text;
}
