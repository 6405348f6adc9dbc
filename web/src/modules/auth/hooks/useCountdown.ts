import { useEffect, useRef, useState } from 'react';

/** Seconds left before a code may be asked for again; `start(n)` begins a new countdown. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const start = (seconds: number) => {
    setLeft(seconds);
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) clearInterval(timer.current);
        return s - 1;
      });
    }, 1000);
  };
  return { left, start };
}
