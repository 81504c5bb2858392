/**
 * A poster frame for a video the admin is uploading, drawn from the local file in the browser, which already
 * decodes mp4 and webm: no npm package makes frames on the server without a downloaded binary
 * (docs/decisions/0031-training-videos.md). A JPEG of at most `width` pixels across, taken a second in (past a
 * black first frame) or a quarter into a shorter clip; undefined when the browser cannot decode the file, which
 * then shows the type's icon.
 */
export async function captureVideoFrame(file: File, { width = 640, timeoutMs = 8000 } = {}): Promise<Blob | undefined> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    video.src = url;
    await eventOf(video, 'loadeddata', timeoutMs);
    const at = Math.min(1, (Number.isFinite(video.duration) ? video.duration : 0) / 4);
    if (at > 0) {
      video.currentTime = at;
      await eventOf(video, 'seeked', timeoutMs);
    }
    if (!video.videoWidth || !video.videoHeight) return undefined;
    const scale = Math.min(1, width / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.82),
    );
  } catch (error) {
    console.info('Anteprima del video non disponibile', error);
    return undefined;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Resolves on the element's event, rejects on its error or after timeoutMs. */
function eventOf(video: HTMLVideoElement, name: 'loadeddata' | 'seeked', timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      video.removeEventListener(name, onEvent);
      video.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(new Error(`video ${name} non riuscito`));
    };
    const onEvent = done(true);
    const onError = done(false);
    const timer = setTimeout(onError, timeoutMs);
    video.addEventListener(name, onEvent, { once: true });
    video.addEventListener('error', onError, { once: true });
  });
}
