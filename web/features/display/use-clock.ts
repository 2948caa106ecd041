import { useEffect, useState } from 'react';
import { formatClock, msUntilNextSecond } from './clock.ts';

/** The time now as HH:MM:SS, ticking on each whole second. */
export function useClock(): string {
  const [text, setText] = useState(() => formatClock(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setText(formatClock(new Date()));
      timer = setTimeout(tick, msUntilNextSecond(Date.now()));
    };
    timer = setTimeout(tick, msUntilNextSecond(Date.now()));
    return () => clearTimeout(timer);
  }, []);
  return text;
}
