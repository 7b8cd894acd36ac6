/**
 * Host access the settings page was granted on trial, from "Test connection"
 * for a server it may never save. The page tells the worker each pattern
 * (`https://host/*`) over this port, which it holds open while it lives; when
 * the port closes (the page was left), the worker gives back what the saved
 * server does not use. A page is gone too fast to do it itself (Firefox
 * drops an extension call made while its page unloads).
 */
export const HOST_ACCESS_TRIAL_PORT = 'host-access-trial';

export type PageToWorkerTrial = { type: 'on-trial'; pattern: string };

export function isTrialMessage(message: unknown): message is PageToWorkerTrial {
  const candidate = message as Partial<PageToWorkerTrial> | null;
  return candidate?.type === 'on-trial' && typeof candidate.pattern === 'string';
}
