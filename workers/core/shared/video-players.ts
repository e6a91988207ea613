import type { EmbedProvider } from "#workers/core/posts/body.schemas";

/**
 * Where a video of a post body or a shout plays (embeds.ts recognises and checks the videos): its page on the
 * provider's site and the provider's player. Apart from embeds.ts because the browser needs only these: a page that
 * starts a player does not load the link parser.
 */

export interface VideoRef {
  provider: EmbedProvider;
  id: string;
}

export const PROVIDER_NAMES: Record<EmbedProvider, string> = {
  youtube: "YouTube",
  vk: "VK Видео",
  twitch: "Twitch",
};

/** A Twitch recording's id (a live channel's is its login). */
export const TWITCH_VIDEO = /^\d{1,20}$/;

function splitVk(id: string): [string, string] {
  const at = id.lastIndexOf("_");
  return [id.slice(0, at), id.slice(at + 1)];
}

/** The video's own page on the provider's site (the no-JS fallback and "open on …" link). */
export function videoPageUrl({ provider, id }: VideoRef): string {
  switch (provider) {
    case "youtube":
      return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
    case "vk":
      return `https://vk.com/video${encodeURIComponent(id)}`;
    case "twitch":
      return TWITCH_VIDEO.test(id)
        ? `https://www.twitch.tv/videos/${encodeURIComponent(id)}`
        : `https://www.twitch.tv/${encodeURIComponent(id)}`;
    default:
      return "about:blank";
  }
}

/**
 * The iframe address of the player (loaded only after the reader clicks the preview). `hostname` is the site's
 * own host name — Twitch requires it as `parent`.
 */
export function embedSrc({ provider, id }: VideoRef, hostname: string): string {
  switch (provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
    case "vk": {
      const [oid, videoId] = splitVk(id);
      return `https://vk.com/video_ext.php?oid=${encodeURIComponent(oid)}&id=${encodeURIComponent(videoId)}&hd=2&autoplay=1`;
    }
    case "twitch": {
      const parent = encodeURIComponent(hostname);
      return TWITCH_VIDEO.test(id)
        ? `https://player.twitch.tv/?video=${encodeURIComponent(id)}&parent=${parent}&autoplay=true`
        : `https://player.twitch.tv/?channel=${encodeURIComponent(id)}&parent=${parent}&autoplay=true`;
    }
    default:
      return "about:blank";
  }
}
