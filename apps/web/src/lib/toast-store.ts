import { useSyncExternalStore } from 'react';

export type ToastSeverity = 'error' | 'warning' | 'info' | 'success';
export type Toast = { readonly id: number; readonly message: string; readonly severity: ToastSeverity };

// A module-level store so non-React code (the query cache, the api client) can raise toasts too.
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: string, severity: ToastSeverity = 'error'): void {
  // The same message raised by several failing calls at once is shown once.
  if (current && current.message === message && current.severity === severity) return;
  current = { id: nextId++, message, severity };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribe, () => current);
}
