export const FEED_ETAG: string;
export function startFeedServer(): Promise<{ url: string; close: () => void }>;
