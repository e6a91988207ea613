import type { EmbedProvider } from "#workers/core/posts/body.schemas";
import { TWITCH_VIDEO, type VideoRef } from "./video-players";

/**
 * Video embeds of post bodies (the `embed` node: {provider, id}). Universal and DOM-free.
 *
 * Id formats:
 *   youtube — the 11-character video id: "dQw4w9WgXcQ";
 *   vk      — "<owner id>_<video id>" as in vk.com/video-123_456: "-123_456" (owner ids of groups are negative);
 *   twitch  — a recording (VOD) is its numeric id "2012345678"; a live channel is its login "some_channel".
 */

const YOUTUBE_ID = /^[\w-]{11}$/;
const VK_ID = /^-?\d{1,19}_\d{1,19}$/;
const TWITCH_CHANNEL = /^[a-z0-9_]{2,25}$/;

/** twitch.tv/<first segment> values that are site pages, not channels. */
const TWITCH_RESERVED = new Set([
  "directory",
  "videos",
  "settings",
  "search",
  "downloads",
  "jobs",
  "turbo",
  "subscriptions",
  "inventory",
  "wallet",
  "friends",
  "messages",
  "drops",
  "p",
  "login",
  "signup",
  "logout",
  "prime",
  "store",
  "following",
  "moderator",
  "popout",
  "embed",
  "clip",
  "clips",
]);

/** Whether `id` is a well-formed id for `provider` (see the formats above). */
export function isValidVideoId(provider: EmbedProvider, id: string): boolean {
  switch (provider) {
    case "youtube":
      return YOUTUBE_ID.test(id);
    case "vk":
      return VK_ID.test(id);
    case "twitch":
      return TWITCH_VIDEO.test(id) || (TWITCH_CHANNEL.test(id) && !/^\d+$/.test(id));
    default:
      return false;
  }
}

function ref(provider: EmbedProvider, id: string | null | undefined): VideoRef | null {
  return id && isValidVideoId(provider, id) ? { provider, id } : null;
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
}

/**
 * Recognises a link to a video page of a supported provider:
 *   YouTube — youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID, /embed/ID, /live/ID, youtube-nocookie.com/embed/ID;
 *   VK Video — vk.com/video-123_456, vkvideo.ru/video-123_456 (also vk.ru, /clip-…, ?z=video-…, video_ext.php?oid=&id=);
 *   Twitch — twitch.tv/videos/123, twitch.tv/<channel>, player.twitch.tv/?video=…|channel=….
 * A scheme is optional ("youtu.be/ID" works). Returns null for anything else.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const text = input.trim();
  if (!text || text.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = hostOf(url);
  const segments = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be") return ref("youtube", segments[0]);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") return ref("youtube", url.searchParams.get("v"));
    if (["shorts", "embed", "live", "v"].includes(segments[0] ?? "")) return ref("youtube", segments[1]);
    return null;
  }

  if (host === "vk.com" || host === "vk.ru" || host === "vkvideo.ru") {
    if (segments[0] === "video_ext.php") {
      const oid = url.searchParams.get("oid");
      const id = url.searchParams.get("id");
      return oid && id ? ref("vk", `${oid}_${id}`) : null;
    }
    const fromPath = /^(?:video|clip)(-?\d+_\d+)$/.exec(segments.at(-1) ?? "");
    if (fromPath) return ref("vk", fromPath[1]);
    const fromZ = /^(?:video|clip)(-?\d+_\d+)/.exec(url.searchParams.get("z") ?? "");
    return fromZ ? ref("vk", fromZ[1]) : null;
  }

  if (host === "player.twitch.tv") {
    const video = url.searchParams.get("video")?.replace(/^v/, "");
    if (video) return ref("twitch", video);
    return ref("twitch", url.searchParams.get("channel")?.toLowerCase());
  }
  if (host === "twitch.tv") {
    if (segments[0] === "videos") return ref("twitch", segments[1]);
    const channel = segments[0]?.toLowerCase();
    if (!channel || TWITCH_RESERVED.has(channel)) return null;
    // twitch.tv/<channel>/video/123 and /v/123 are recordings too.
    if ((segments[1] === "video" || segments[1] === "v") && segments[2]) return ref("twitch", segments[2]);
    if (segments.length > 1 && segments[1] !== "videos") return null;
    return ref("twitch", channel);
  }
  return null;
}
