import { type KeyboardEvent, type ReactNode, useId, useSyncExternalStore } from 'react';
import { isApplePlatform, isSubmitShortcut, SUBMIT_KEYSHORTCUTS, submitShortcutHint } from '../lib/keyboard.ts';

const unchanging = () => () => {};
const platform = () =>
  (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform;

/**
 * Ctrl+Enter (⌘+Enter on a Mac) in a dialog's text area sends the dialog as its send button would, while
 * Enter alone adds a line: the one helper of every note and reason dialog
 * (docs/decisions/063-results-outputs-details.md). Spread `fieldProps` on the text area and show `hint`
 * under it (`hintId` for its aria-describedby). Without `onSubmit` it submits the text area's form.
 */
export function useSubmitShortcut({
  verb = 'send',
  onSubmit,
  disabled = false,
}: {
  /** The hint's verb: "Ctrl+Enter to send". */
  verb?: string;
  onSubmit?: () => void;
  /** While true (sending), the shortcut does nothing. */
  disabled?: boolean;
} = {}) {
  const hintId = useId();
  const apple = useSyncExternalStore(
    unchanging,
    () => isApplePlatform(platform()),
    () => false,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
    if (!isSubmitShortcut({ key, ctrlKey, metaKey, shiftKey, altKey, isComposing: event.nativeEvent.isComposing }))
      return;
    event.preventDefault();
    if (disabled) return;
    if (onSubmit) onSubmit();
    else event.currentTarget.form?.requestSubmit();
  };
  return {
    hint: submitShortcutHint(verb, apple),
    hintId,
    fieldProps: { onKeyDown, 'aria-keyshortcuts': SUBMIT_KEYSHORTCUTS },
  };
}

/** The hint under a text area that Ctrl+Enter sends. */
export function SubmitShortcutHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}
