import type { ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { createStore } from '../store/create-store';
import type { PromptRules } from './validate';

export type ToastType = 'success' | 'info' | 'warning' | 'error';
/** How a dialog ended: its confirm button, its cancel button, or closed (×, Esc, mask). */
export type DialogResult = 'confirm' | 'cancel' | 'close';

let messageApi: MessageInstance | null = null;

/** Called by the app shell with antd's context-aware message API. */
export function bindMessageApi(api: MessageInstance): void {
  messageApi = api;
}

/** A toast: 3000 ms, 16 px from the top (set on the app), info unless told. */
export function toast(content: ReactNode, type: ToastType = 'info'): void {
  if (messageApi) void messageApi.open({ type, content });
  else console.warn(content);
}

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm' | 'prompt';
  title?: ReactNode;
  message: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
  rules?: PromptRules;
  defaultValue?: string;
  placeholder?: string;
  resolve(result: DialogResult, value?: string): void;
}

/** Open dialogs, rendered one at a time by DialogHost. */
export const dialogStore = createStore<{ queue: DialogRequest[] }>({ queue: [] });
let nextId = 1;

function open(req: Omit<DialogRequest, 'id' | 'resolve'>): Promise<{ result: DialogResult; value?: string }> {
  return new Promise((resolve) => {
    const id = nextId++;
    const entry: DialogRequest = {
      ...req,
      id,
      resolve(result, value) {
        dialogStore.set((s) => ({ queue: s.queue.filter((d) => d.id !== id) }));
        resolve({ result, value });
      },
    };
    dialogStore.set((s) => ({ queue: [...s.queue, entry] }));
  });
}

export interface DialogOptions {
  title?: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}

export async function alertDialog(message: ReactNode, options: DialogOptions = {}): Promise<DialogResult> {
  return (await open({ kind: 'alert', message, ...options })).result;
}

export async function confirmDialog(message: ReactNode, options: DialogOptions = {}): Promise<DialogResult> {
  return (await open({ kind: 'confirm', message, ...options })).result;
}

/**
 * The one delete flow of the screens: ask (danger style), run the deletion, say it is done.
 * Resolves true when deleted; a failed call has already shown its own message.
 */
export async function confirmDelete(o: { question: ReactNode; okText: string; done: ReactNode; run: () => Promise<unknown> }): Promise<boolean> {
  if ((await confirmDialog(o.question, { danger: true, okText: o.okText })) !== 'confirm') return false;
  try {
    await o.run();
  } catch {
    return false; // toasted by the HTTP client
  }
  toast(o.done, 'success');
  return true;
}

export interface PromptOptions extends DialogOptions, PromptRules {
  defaultValue?: string;
  placeholder?: string;
}

export async function promptDialog(
  message: ReactNode,
  { pattern, validator, errorMessage, ...options }: PromptOptions = {},
): Promise<{ result: DialogResult; value?: string }> {
  return open({ kind: 'prompt', message, rules: { pattern, validator, errorMessage }, ...options });
}
