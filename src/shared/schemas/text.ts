import { z } from 'zod';
import { tooLongMessage } from '../domain/limits';

/** A string of at most `max` characters (LIMITS in domain/limits.ts), with the message a person reads. */
export const text = (max: number) => z.string().max(max, tooLongMessage(max));
