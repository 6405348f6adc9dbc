import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { createClickGuard, type ClickGuard } from './click-guard';

/** A click handler that disables its control for `delay` ms after each click. */
export function useClickGuard(handler: (() => unknown) | undefined, delay?: number) {
  const [locked, setLocked] = useState(false);
  const guard = useRef<ClickGuard | null>(null);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const g = createClickGuard(delay, setLocked);
    guard.current = g;
    return () => g.dispose();
  }, [delay]);
  const onClick = () => {
    guard.current?.trigger(() => latest.current?.());
  };
  return { onClick, locked };
}

/** A submit button guarded against double clicks. */
export function GuardedButton({ onClick, disabled, delay, ...rest }: ButtonProps & { delay?: number }) {
  const { onClick: guarded, locked } = useClickGuard(onClick as (() => unknown) | undefined, delay);
  return <Button {...rest} disabled={disabled || locked} onClick={guarded} />;
}
