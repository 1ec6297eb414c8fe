// The wire envelope shared by every call (ARCHITECTURE §3): bodies come in as `{ request }`,
// answers go out as `{ success: true, data }` or `{ success: false, message, errors }`.
import * as z from 'zod/mini';

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string().check(z.minLength(1)),
  errors: z.array(apiErrorSchema),
});
export type Failure = z.infer<typeof failureSchema>;

export const requestEnvelope = <T extends z.ZodMiniType>(request: T) => z.object({ request });

export const successEnvelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data });

export type Success<T> = { success: true; data: T };
