import type { MedalItem } from "#workers/core/medals/medals.serializers";
import { IconMedal } from "./icons";
import "./medal-picture.css";

/** A medal's picture (its WebP, twice the size for sharp screens) or the medal icon when it has none. */
export function MedalPicture({ medal, size = 48 }: { medal: Pick<MedalItem, "name" | "image">; size?: 48 | 64 }) {
  if (!medal.image) {
    return (
      <span className="medal-picture medal-picture-icon" style={{ width: size, height: size }} aria-hidden="true">
        <IconMedal size={Math.round(size * 0.6)} />
      </span>
    );
  }
  return (
    <img
      className="medal-picture"
      src={medal.image.small}
      srcSet={`${medal.image.small} 1x, ${medal.image.big} 2x`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
