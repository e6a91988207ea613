/** Why an unactivated member cannot write (requireWriter in workers/core/shared/actor.ts). */
export const NOT_ACTIVATED =
  "Аккаунт ещё не активирован: откройте ссылку из письма, которое мы отправили на ваш адрес, — после этого можно будет писать.";
