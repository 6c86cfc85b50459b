// One notification at a time: showing a new toast replaces the current one.
import { signal } from "@preact/signals-react";

export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** When it appeared (ms since the epoch): a screen that moves on can tell news of its own move from older news. */
  shownAt: number;
}

export const currentToast = signal<Toast | null>(null);

export const TOAST_DISPLAY_MS = 6000;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function dismissToast(id?: number) {
  if (id !== undefined && currentToast.value?.id !== id) return;
  clearTimeout(timer);
  currentToast.value = null;
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  clearTimeout(timer);
  currentToast.value = { id, title: input.title, description: input.description, variant: input.variant ?? "default", shownAt: Date.now() };
  timer = setTimeout(() => dismissToast(id), TOAST_DISPLAY_MS);
  return id;
}
