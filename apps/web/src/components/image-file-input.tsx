import type { RefObject } from 'react';
import { showToast } from '../lib/toast-store.ts';
import { FileInput } from './file-input.tsx';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file.ts';

/**
 * The hidden file picker behind an image button: a file outside the portal's image limits is refused with a toast
 * at once, an accepted one goes to `onFile`.
 */
export function ImageFileInput({
  inputRef,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
}) {
  return (
    <FileInput
      inputRef={inputRef}
      accept={IMAGE_ACCEPT}
      onFile={(file) => {
        const problem = imageFileProblem(file);
        if (problem) showToast(problem, 'warning');
        else onFile(file);
      }}
    />
  );
}
