/** The event page's ticket form names each type's quantity `qty_<type id>`; links reuse it. */
export const quantityFieldName = (ticketTypeId: number) => `qty_${ticketTypeId}`;

/** The selection as a query (`?qty_<type>=<n>`), so that a link can choose the same again. */
export const selectionQuery = (items: readonly { ticket_type_id: number; quantity: number }[]) =>
  `?${new URLSearchParams(
    items.map((item) => [quantityFieldName(item.ticket_type_id), String(item.quantity)]),
  ).toString()}`;

/** The quantities a query chose (`?qty_<type>=<n>`), for the form's defaults. */
export function selectionFromQuery(params: URLSearchParams): Record<number, number> {
  const selection: Record<number, number> = {};
  for (const [name, value] of params) {
    const match = /^qty_(\d{1,10})$/.exec(name);
    if (match && /^\d{1,3}$/.test(value)) selection[Number(match[1])] = Number(value);
  }
  return selection;
}
