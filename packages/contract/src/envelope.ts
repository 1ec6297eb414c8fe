// The wire envelope shared by every call (ARCHITECTURE §3): bodies come in as `{ request }`,
// answers go out as `{ success: true, data }` or `{ success: false, message, errors }`.
import { z } from 'zod';

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  errors: z.array(apiErrorSchema),
});
export type Failure = z.infer<typeof failureSchema>;

export const requestEnvelope = <T extends z.ZodType>(request: T) => z.object({ request });

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export type Success<T> = { success: true; data: T };
