export const TEST_ZONE_ID: string;
export const TEST_PURGE_TOKEN: string;
export function startCloudflareApi(): Promise<{ url: string; close: () => void }>;
