import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, asSuccess, errorsFor, Field, FormErrors, SubmitButton, SuccessMessage } from "#app/components/form";
import { UPLOAD_MAX_BYTES } from "#workers/core/shared/media";
import { IntentField, type SectionProps, useResetOnSuccess, useSection } from "./section";

const UPLOAD_MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

/** Upload and remove forms for one profile image (avatar or background), with its preview. */
function ImageUploadSection(props: {
  kind: "avatar" | "background";
  title: string;
  preview: React.ReactNode;
  fieldLabel: string;
  hint: string;
  removeLabel: string;
  hasCurrent: boolean;
  readOnly: boolean;
  wide?: boolean;
  actionData: unknown;
}) {
  const { kind, actionData, readOnly } = props;
  const removeIntent = `${kind}-remove` as const;
  const section = useSection(actionData, [kind, removeIntent]);
  const formRef = useResetOnSuccess(asSuccess(actionData, kind));
  const headingId = `settings-${kind}`;
  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{props.title}</h3>
      <div className={props.wide ? "settings-media settings-media-wide" : "settings-media"}>
        {props.preview}
        <div className="settings-media-forms">
          <Form method="post" encType="multipart/form-data" className="form" ref={formRef} aria-labelledby={headingId}>
            <fieldset disabled={readOnly}>
              <CsrfField />
              <IntentField intent={kind} />
              <FormErrors failure={asFailure(actionData, kind)} fields={[kind]} />
              <Field
                label={props.fieldLabel}
                name={kind}
                type="file"
                accept="image/*"
                required
                hint={props.hint}
                errors={errorsFor(section.failure, kind)}
              />
              <div className="form-actions">
                <SubmitButton intent={kind} pendingText="Загружаем…">
                  Загрузить
                </SubmitButton>
              </div>
            </fieldset>
          </Form>
          {props.hasCurrent ? (
            <Form method="post" className="form form-inline">
              <fieldset disabled={readOnly}>
                <CsrfField />
                <IntentField intent={removeIntent} />
                <FormErrors failure={asFailure(actionData, removeIntent)} />
                <SubmitButton intent={removeIntent} variant="danger" pendingText="Удаляем…">
                  {props.removeLabel}
                </SubmitButton>
              </fieldset>
            </Form>
          ) : null}
          <SuccessMessage message={section.success?.message} />
        </div>
      </div>
    </section>
  );
}

/** «Аватар»: the current avatar, a new one, or none. */
export function AvatarSection({
  avatar,
  hasAvatar,
  actionData,
  readOnly,
}: SectionProps & { avatar: string; hasAvatar: boolean }) {
  return (
    <ImageUploadSection
      kind="avatar"
      title="Аватар"
      preview={<img className="settings-avatar-preview" src={avatar} alt="Текущий аватар" width={100} height={100} />}
      fieldLabel="Новый аватар"
      hint={`JPEG, PNG, GIF или WebP до ${UPLOAD_MAX_MB} МБ; картинка обрежется до квадрата.`}
      removeLabel="Удалить аватар"
      hasCurrent={hasAvatar}
      readOnly={readOnly}
      actionData={actionData}
    />
  );
}

/** «Фон профиля»: the current background (or the default gradient), a new one, or none. */
export function BackgroundSection({
  backgroundUrl,
  actionData,
  readOnly,
}: SectionProps & { backgroundUrl: string | null }) {
  return (
    <ImageUploadSection
      kind="background"
      title="Фон профиля"
      wide
      preview={
        backgroundUrl ? (
          <img className="settings-background-preview" src={backgroundUrl} alt="Текущий фон профиля" />
        ) : (
          <div className="settings-background-preview profile-header-gradient" role="img" aria-label="Фон не выбран" />
        )
      }
      fieldLabel="Новый фон"
      hint={`JPEG, PNG, GIF или WebP до ${UPLOAD_MAX_MB} МБ; лучше широкая картинка.`}
      removeLabel="Удалить фон"
      hasCurrent={!!backgroundUrl}
      readOnly={readOnly}
      actionData={actionData}
    />
  );
}
