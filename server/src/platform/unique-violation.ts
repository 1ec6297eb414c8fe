// PostgreSQL's unique_violation (23505), however the driver (pg, PGlite, drizzle) wraps it: a unique
// index is how two requests racing for the same thing are told apart.
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
