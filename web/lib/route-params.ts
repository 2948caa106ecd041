/** A route's id parameter: a positive whole number (as the API's ids are), else undefined, so no call is made. */
export function parseRouteId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
