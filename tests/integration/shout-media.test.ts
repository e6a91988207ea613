import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { CORRUPT_PNG, isWebp, JPEG_6X4, PNG_6X4 } from "#tests/factories/images";
import { shoutForm, shoutMediaKeys, shoutRowCounts, TRUNCATED_PNG } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { createShout } from "#workers/core/shouts/shouts";
import { SHOUT_IMAGE_MAX_BYTES, SHOUT_MEDIA_MAX } from "#workers/core/shouts/shouts.constants";
import type { MediaItem, ShoutView } from "#workers/core/shouts/shouts.serializers";

async function objectBytes(url: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(url.slice("/media/".length));
  if (!object) throw new Error(`no object for ${url}`);
  return new Uint8Array(await object.arrayBuffer());
}

describe("POST /v1/shout/ with pictures and videos (multipart)", () => {
  it("stores each picture as a large WebP and a thumbnail, with sizes, captions and video links in order", async () => {
    const { client, user } = await memberClient();
    const res = await client.request("POST", "/shout/", {
      body: shoutForm({
        text: "Скриншоты с вечера #скриншоты",
        files: [{ bytes: PNG_6X4 }, { bytes: JPEG_6X4, name: "photo.jpg", type: "image/jpeg" }],
        captions: ["Первый", "Второй"],
        videos: ["https://youtu.be/dQw4w9WgXcQ", "vk.com/video-123_456"],
      }),
    });
    expect(res.status).toBe(201);
    const shout = await json<ShoutView>(res);
    expect(shout.headline).toBe("Скриншоты с вечера #скриншоты");
    expect(shout.images).toHaveLength(4);
    const [png, jpeg, youtube, vk] = shout.images;
    for (const [picture, caption] of [
      [png, "Первый"],
      [jpeg, "Второй"],
    ] as const) {
      expect(picture).toMatchObject({ is_video: false, width: 6, height: 4, caption });
      expect(picture.url).toMatch(new RegExp(`^/media/shouts/${user.id}/[\\w-]+\\.webp$`));
      expect(picture.thumb_url).toMatch(new RegExp(`^/media/shouts/${user.id}/[\\w-]+-thumb\\.webp$`));
      expect(isWebp(await objectBytes(picture.url))).toBe(true);
      expect(isWebp(await objectBytes(picture.thumb_url as string))).toBe(true);
    }
    expect(youtube).toEqual({
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      is_video: true,
      width: null,
      height: null,
      caption: "",
    });
    expect(vk.url).toBe("https://vk.com/video-123_456");
    expect(await shoutMediaKeys(user.id)).toHaveLength(4);
    expect(shout.tags.map((t) => t.name)).toEqual(["скриншоты"]);

    // The pictures page lists every picture, newest shout first, pictures in their order.
    const second = await json<ShoutView>(
      await client.request("POST", "/shout/", { body: shoutForm({ files: [{ bytes: PNG_6X4 }] }) }),
    );
    const pictures = await json<{ results: (MediaItem & { shout_id: number; datetime: string })[] }>(
      await (await guestClient()).get(`/user/${user.id}/pictures/`),
    );
    expect(pictures.results.map((p) => p.url)).toEqual([second.images[0].url, png.url, jpeg.url]);
    expect(pictures.results[0]).toMatchObject({ shout_id: second.id, is_video: false, width: 6, height: 4 });
    expect(pictures.results[1].shout_id).toBe(shout.id);
  });

  it("accepts a shout of pictures only, keeps is_media_hidden, and accepts JSON with video links", async () => {
    const { client } = await memberClient();
    const res = await client.request("POST", "/shout/", {
      body: shoutForm({ files: [{ bytes: PNG_6X4 }], is_media_hidden: true }),
    });
    expect(res.status).toBe(201);
    const shout = await json<ShoutView>(res);
    expect(shout.headline).toBe("");
    expect(shout.is_media_hidden).toBe(true);
    const viaJson = await client.post("/shout/", { text: "", videos: ["https://www.twitch.tv/videos/2012345678"] });
    expect(viaJson.status).toBe(201);
    expect((await json<ShoutView>(viaJson)).images[0]).toMatchObject({
      url: "https://www.twitch.tv/videos/2012345678",
      is_video: true,
    });
    expect((await json<ShoutView>(await client.post("/shout/", { text: "Без спойлера" }))).is_media_hidden).toBe(false);
  });

  it("deleting a shout deletes its pictures from R2", async () => {
    const { client, user } = await memberClient();
    const shout = await json<ShoutView>(
      await client.request("POST", "/shout/", {
        body: shoutForm({ text: "Удалю", files: [{ bytes: PNG_6X4 }, { bytes: PNG_6X4 }] }),
      }),
    );
    expect(await shoutMediaKeys(user.id)).toHaveLength(4);
    expect((await client.delete(`/shout/${shout.id}/`)).status).toBe(200);
    expect(await shoutMediaKeys(user.id)).toEqual([]);
    expect(await scalar("SELECT count(*) FROM shout_media WHERE shout_id = ?", shout.id)).toBe(0);
  });
});

describe("upload failures leave nothing in R2 or D1", () => {
  const cases: {
    name: string;
    form: () => FormData;
    status: number;
    field: string;
  }[] = [
    {
      name: "a text file named .png",
      form: () =>
        shoutForm({
          text: "Не картинка",
          files: [
            { bytes: PNG_6X4 },
            { bytes: new TextEncoder().encode("просто текст, а не картинка"), name: "fake.png" },
          ],
        }),
      status: 415,
      field: "files",
    },
    {
      name: "a truncated PNG",
      form: () => shoutForm({ text: "Обрезано", files: [{ bytes: PNG_6X4 }, { bytes: TRUNCATED_PNG }] }),
      status: 400,
      field: "files",
    },
    {
      name: "a PNG of garbage",
      form: () => shoutForm({ text: "Мусор", files: [{ bytes: CORRUPT_PNG }] }),
      status: 400,
      field: "files",
    },
    {
      name: "an oversized file",
      form: () => {
        const big = new Uint8Array(SHOUT_IMAGE_MAX_BYTES + 1);
        big.set(PNG_6X4);
        return shoutForm({ text: "Огромная", files: [{ bytes: PNG_6X4 }, { bytes: big }] });
      },
      status: 413,
      field: "files",
    },
    {
      name: `${SHOUT_MEDIA_MAX + 1} images`,
      form: () =>
        shoutForm({ text: "Много", files: Array.from({ length: SHOUT_MEDIA_MAX + 1 }, () => ({ bytes: PNG_6X4 })) }),
      status: 400,
      field: "files",
    },
    {
      name: "ten images and a video",
      form: () =>
        shoutForm({
          files: Array.from({ length: SHOUT_MEDIA_MAX }, () => ({ bytes: PNG_6X4 })),
          videos: ["https://youtu.be/dQw4w9WgXcQ"],
        }),
      status: 400,
      field: "files",
    },
    {
      name: "a link that is not a video",
      form: () => shoutForm({ text: "Видео", files: [{ bytes: PNG_6X4 }], videos: ["https://example.com/video"] }),
      status: 400,
      field: "videos",
    },
    {
      name: "a caption that is too long",
      form: () => shoutForm({ text: "Подпись", files: [{ bytes: PNG_6X4 }], captions: ["я".repeat(201)] }),
      status: 400,
      field: "captions.0",
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.status} with a Russian field error`, async () => {
      const { client, user } = await memberClient();
      const res = await client.request("POST", "/shout/", { body: c.form() });
      expect(res.status).toBe(c.status);
      const body = await json<ErrorBody>(res);
      expect(body.detail).toMatch(RUSSIAN);
      expect(body.errors?.[c.field]?.[0]).toMatch(RUSSIAN);
      expect(await shoutMediaKeys(user.id)).toEqual([]);
      expect(await shoutRowCounts(user.id)).toEqual({ shouts: 0, media: 0, tagLinks: 0 });
    });
  }

  it("a failing D1 batch deletes the pictures already put into R2", async () => {
    const user = await createUser();
    const ctx = await serviceContext(user);
    // The author's row goes after the session was read: the batch's insert then breaks its foreign key.
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    const error = await createShout(ctx, {
      text: "Автор исчез",
      files: [new File([new Uint8Array(PNG_6X4)], "a.png", { type: "image/png" })],
    }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/FOREIGN KEY/i);
    expect(await shoutMediaKeys(user.id)).toEqual([]);
    expect(await shoutRowCounts(user.id)).toEqual({ shouts: 0, media: 0, tagLinks: 0 });
  });
});
