import type { RefObject } from 'react';
import { showToast } from '../lib/toast-store.ts';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file.ts';

/**
 * The hidden file picker behind an image button (opened with `inputRef.current.click()`): a file outside the
 * portal's image limits is refused with a toast at once, an accepted one goes to `onFile`.
 */
export function ImageFileInput({
  inputRef,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={IMAGE_ACCEPT}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Cleared so that choosing the same file again is a new choice.
        event.target.value = '';
        if (!file) return;
        const problem = imageFileProblem(file);
        if (problem) showToast(problem, 'warning');
        else onFile(file);
      }}
    />
  );
}
