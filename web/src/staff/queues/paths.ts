// The work queues' paths (ADR 042), apart from the pages so the console's header links without loading them.
export const QUEUE_PATHS = {
  queue: '/operatore/code',
  item: (item: { customerId: string; kind: string; item: string }) =>
    `/operatore/code/${encodeURIComponent(item.customerId)}/${item.kind}/${encodeURIComponent(item.item)}`,
};
