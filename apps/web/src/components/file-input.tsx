import type { RefObject } from 'react';

/** The hidden file picker behind a button or a drop zone (opened with `inputRef.current.click()`): one file. */
export function FileInput({
  inputRef,
  accept,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Cleared so that choosing the same file again is a new choice.
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
