import type { ProviderSlug } from "#workers/core/social/providers.constants";

/** Marks and colours of the sign-in providers' buttons. */
export const PROVIDER_MARKS: Record<ProviderSlug, { mark: string; background: string }> = {
  vk: { mark: "VK", background: "#0062d6" },
  yandex: { mark: "Я", background: "#d42b0c" },
  google: { mark: "G", background: "#1a66d9" },
  twitch: { mark: "TW", background: "#9146ff" },
  discord: { mark: "DS", background: "#5865f2" },
  steam: { mark: "ST", background: "#171a21" },
};

export function ProviderMark({ provider }: { provider: ProviderSlug }) {
  const { mark, background } = PROVIDER_MARKS[provider];
  return (
    <span className="social-mark" style={{ background }} aria-hidden="true">
      {mark}
    </span>
  );
}

/** Where a sign-in through `provider` starts (a full page load: it leaves the site). */
export function providerLoginHref(provider: ProviderSlug, next: string, code?: string): string {
  const query = new URLSearchParams({ next });
  if (code) query.set("code", code);
  return `/auth/${provider}/login?${query}`;
}

/** «Войти через …» buttons for the providers configured on this site (none: nothing is shown). */
export function SocialButtons({
  providers,
  next,
  code,
  title,
}: {
  providers: { slug: ProviderSlug; title: string }[];
  next: string;
  code?: string;
  title: string;
}) {
  if (!providers.length) return null;
  return (
    <section className="social-sign-in" aria-labelledby="social-sign-in-title">
      <h2 id="social-sign-in-title" className="social-sign-in-title">
        {title}
      </h2>
      <ul className="social-buttons">
        {providers.map((provider) => (
          <li key={provider.slug}>
            <a className="btn social-button" href={providerLoginHref(provider.slug, next, code)}>
              <ProviderMark provider={provider.slug} />
              {provider.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
