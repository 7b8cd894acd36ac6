import * as z from 'zod/mini';
import { PORT_NAMES } from './port-names';
import { openPort, type PortEnd } from './ports';

/**
 * Host access the settings page was granted on trial, from "Test connection"
 * for a server it may never save. The page tells the worker each pattern
 * (`https://host/*`) over this port, which it holds open while it lives; when
 * the port closes (the page was left), the worker gives back what the saved
 * server does not use. A page is gone too fast to do it itself (Firefox
 * drops an extension call made while its page unloads).
 */

export type PageToWorkerTrial = { type: 'on-trial'; pattern: string };

/** The worker says nothing back: whatever comes is dropped. */
export const openHostAccessTrialPort = (): PortEnd<PageToWorkerTrial, never> => openPort(PORT_NAMES.hostAccessTrial, z.never());
