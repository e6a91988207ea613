export * from "./action-result";
export * from "./field";
export * from "./form-errors";
export * from "./submit-button";
