import { z } from 'zod/mini';
import { messages } from './messages.ts';

/**
 * The e-mail and the login's rules (SPEC 5), in zod's mini form: the login page is the first page a user loads and
 * validates with them, and zod's classic form brings its whole API into that page (these rules alone, bundled: 83 KB
 * of script to run, against 16 KB). Both forms are the same schemas to zod: the classic rules of the other modules
 * take these as they are.
 */
export const emailSchema = z.pipe(
  z
    .string({ error: messages.required })
    .check(z.trim(), z.minLength(1, messages.required), z.maxLength(180, messages.maxLength(180))),
  z.email({ error: messages.invalidEmail }),
);

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .check(z.minLength(1, messages.passwordRequired), z.maxLength(4096)),
});

export type LoginInput = z.infer<typeof loginSchema>;
