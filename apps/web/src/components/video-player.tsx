import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import {
  failureOf,
  formatVideoTime,
  recoveryFor,
  recoveryNotice,
  VIDEO_FAILED,
  type RecoveryAction,
  type VideoFailure,
} from '../lib/video-recovery.ts';

export type VideoSource = { src: string; poster?: string | null | undefined; title: string };

type State = 'loading' | 'paused' | 'playing' | 'recovering' | 'failed';

const noAttempts = (): Record<VideoFailure, number> => ({ network: 0, media: 0, other: 0 });

/**
 * The portal's video player (loaded on demand, components/video-dialog.tsx): the native <video> element, which plays
 * mp4 and webm and seeks with HTTP Range requests, under controls of our own so that they speak Italian on every
 * browser and phone. Errors are handled as the spec says (lib/video-recovery.ts): a network error loads again from
 * where the video was, a media error reloads just past the spot that failed, any other error re-creates the
 * element; a blocked autoplay is only logged. data-state and data-recoveries tell the state to tests and support.
 */
export function VideoPlayer({ src, poster, title, autoPlay = true }: VideoSource & { autoPlay?: boolean }) {
  const frame = useRef<HTMLDivElement | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  // Each re-creation mounts a new <video> (its key), with its own decoder and connection.
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<State>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [recoveries, setRecoveries] = useState<RecoveryAction[]>([]);
  const attempts = useRef(noAttempts());
  const lastTime = useRef(0);
  const resume = useRef<{ at: number; play: boolean } | null>(null);
  const wantsPlay = useRef(autoPlay);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const play = (element: HTMLVideoElement) => {
    element.play().catch((error: unknown) => {
      // Autoplay refused by the browser (sound without a tap) or a play cut short by a reload: only logged.
      console.info('Riproduzione non avviata dal browser', error);
      setState((s) => (s === 'playing' ? 'paused' : s));
    });
  };

  // The handlers take the element they are given (the event's, or the one just committed, below).
  const onError = (element: HTMLVideoElement) => {
    if (!element.error) return;
    const failure = failureOf(element.error.code);
    const step = recoveryFor(failure, attempts.current[failure]);
    attempts.current[failure] += 1;
    setRecoveries((r) => [...r, step.action]);
    console.info(`Errore del video (${failure}): ${step.action}`, element.error.message);
    if (step.action === 'give-up') {
      setNotice(null);
      setState('failed');
      return;
    }
    setNotice(recoveryNotice[step.action]);
    setState('recovering');
    const from = lastTime.current;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (step.action === 'recreate') {
        resume.current = { at: from, play: wantsPlay.current };
        setGeneration((g) => g + 1);
        return;
      }
      const current = video.current;
      if (!current) return;
      // A media error reloads just past the spot that failed to decode; a network error from where it was.
      const skip = step.action === 'recover-media' ? 0.5 : 0;
      resume.current = { at: from + skip, play: wantsPlay.current };
      current.load();
    }, step.delayMs);
  };

  const onLoadedMetadata = (element: HTMLVideoElement) => {
    setDuration(Number.isFinite(element.duration) ? element.duration : 0);
    const back = resume.current;
    resume.current = null;
    if (back && back.at > 0) element.currentTime = Math.min(back.at, element.duration || back.at);
    setState((s) => (s === 'loading' || s === 'recovering' ? 'paused' : s));
    setNotice(null);
    if (back ? back.play : wantsPlay.current) play(element);
  };

  // React drops the events of an element it has created but not yet committed (a dialog's content can wait for
  // its lazy parts), and a short video from a near server can have its metadata, or its error, by then: both were
  // lost, and the player stayed 'loading' over a loaded video. At commit, before any later event can run, each new
  // element's state is read once; what it already has is handled as if its event had come.
  const settleCommitted = useEffectEvent((element: HTMLVideoElement) => {
    if (element.error) onError(element);
    else if (element.readyState >= HTMLMediaElement.HAVE_METADATA) onLoadedMetadata(element);
  });
  // Once per <video>: `generation` is its key.
  useLayoutEffect(() => {
    if (video.current) settleCommitted(video.current);
  }, [generation]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      wantsPlay.current = true;
      play(element);
    } else {
      wantsPlay.current = false;
      element.pause();
    }
  };

  const seek = (to: number) => {
    const element = video.current;
    if (!element || !Number.isFinite(to)) return;
    element.currentTime = to;
    lastTime.current = to;
    setTime(to);
  };

  const retry = () => {
    attempts.current = noAttempts();
    resume.current = { at: lastTime.current, play: true };
    wantsPlay.current = true;
    setNotice(null);
    setState('loading');
    setGeneration((g) => g + 1);
  };

  const fullscreen = () => {
    frame.current
      ?.requestFullscreen?.()
      .catch((error: unknown) => console.info('Schermo intero non disponibile', error));
  };

  return (
    <Box
      ref={frame}
      data-testid="video-player"
      data-state={state}
      data-recoveries={recoveries.join(',')}
      sx={{ bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden', width: '100%' }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', display: 'grid', placeItems: 'center' }}>
        <Box
          component="video"
          key={generation}
          ref={video}
          src={src}
          poster={poster ?? undefined}
          preload="metadata"
          playsInline
          muted={muted}
          aria-label={title}
          onClick={toggle}
          onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
          onTimeUpdate={(event) => {
            const t = event.currentTarget.currentTime;
            lastTime.current = t;
            setTime(t);
          }}
          onDurationChange={(event) => setDuration(event.currentTarget.duration || 0)}
          onPlaying={() => {
            attempts.current = noAttempts();
            setNotice(null);
            setState('playing');
          }}
          onPause={() => setState((s) => (s === 'playing' ? 'paused' : s))}
          onEnded={() => {
            wantsPlay.current = false;
            setState('paused');
          }}
          onError={(event) => onError(event.currentTarget)}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
        {(state === 'loading' || state === 'recovering') && (
          <CircularProgress aria-label="Caricamento del video" sx={{ position: 'absolute', color: 'common.white' }} />
        )}
      </Box>
      {notice && (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
          {notice}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Riprova
            </Button>
          }
        >
          {VIDEO_FAILED}
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ alignItems: 'center', px: { xs: 0.5, sm: 1 }, py: 0.5, bgcolor: 'grey.900', color: 'common.white' }}
      >
        <IconButton
          onClick={toggle}
          aria-label={state === 'playing' ? 'Pausa' : 'Riproduci'}
          disabled={state === 'failed'}
          sx={{ color: 'inherit' }}
        >
          {state === 'playing' ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          size="small"
          min={0}
          max={duration || 1}
          step={0.1}
          value={Math.min(time, duration || 1)}
          onChange={(_event, value) => seek(Array.isArray(value) ? (value[0] ?? 0) : value)}
          disabled={!duration}
          aria-label="Posizione nel video"
          getAriaValueText={(value) => `${formatVideoTime(value)} di ${formatVideoTime(duration)}`}
          sx={{ color: 'common.white', mx: 1, flex: 1, minWidth: 60 }}
        />
        <Typography
          variant="caption"
          data-testid="video-time"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: 'inherit' }}
        >
          {formatVideoTime(time)} / {formatVideoTime(duration)}
        </Typography>
        <IconButton
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? 'Attiva audio' : 'Disattiva audio'}
          sx={{ color: 'inherit' }}
        >
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <IconButton onClick={fullscreen} aria-label="Schermo intero" sx={{ color: 'inherit' }}>
          <FullscreenIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}
