import { requireActor } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import { type AuthAccount, listAuthAccounts } from "./auth-accounts";
import { enabledProviders } from "./providers";
import type { ProviderSlug } from "./providers.constants";
import {
  listMySocialAccounts,
  listSocialSchemas,
  type SocialAccountView,
  type SocialSchemaView,
} from "./social-accounts";

export interface SocialSettings {
  authAccounts: AuthAccount[];
  providers: { slug: ProviderSlug; title: string }[];
  accounts: SocialAccountView[];
  schemas: SocialSchemaView[];
}

/** What the settings page shows of the member's linked sign-in accounts and gaming accounts. */
export async function socialSettings(ctx: RequestContext): Promise<SocialSettings> {
  const actor = requireActor(ctx);
  const [authAccounts, accounts, schemas] = await Promise.all([
    listAuthAccounts(ctx, actor.id),
    listMySocialAccounts(ctx),
    listSocialSchemas(ctx),
  ]);
  return { authAccounts, providers: enabledProviders(ctx.vars), accounts, schemas };
}
