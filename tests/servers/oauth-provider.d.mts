export const TEST_CLIENTS: { VK: string; YANDEX: string; TWITCH: string; DISCORD: string; GOOGLE: string };
export const TEST_STEAM_API_KEY: string;
export const TEST_EVENTSUB_SECRET: string;
export function startOAuthProvider(port?: number): Promise<{
  issuer: string;
  vars: Record<string, string>;
  close: () => Promise<void>;
}>;
