// @ts-check
// The rules part of the New game dialog: a preset (each with Python's one line about what sets
// it apart), the target, and every option of RULES.md. Python sends the form (`rules_form`):
// each option's value in force, the preset's value, the allowed values, and the engine's own
// message when a combination is impossible; this module only draws it and reports changes.
// Choosing a preset fills the options (it clears the changes); changing one marks the preset
// "customised".

import { h } from "../../dom/dom.js";
import { refusalWords, T } from "../../i18n/strings.js";

const MAIN = "target"; // shown beside the preset; the others fold into "Options"

/** @typedef {import("../../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../../shapes/choices.js").RulesForm} Form */
/** @typedef {import("../../shapes/choices.js").FormOption} FormOption */
/** @typedef {import("../../shapes/choices.js").FormError} FormError */
/** An option's value, as the form and the settings give it. @typedef {FormOption["value"]} OptionValue */
/** The options changed from the preset's, by name. @typedef {Record<string, OptionValue>} Overrides */
/**
 * New game's settings as the dialog holds them, asked about (its preset is null before the first
 * load).
 * @typedef {Omit<SettingsJson, "rules"|"options"> & {rules: string|null, options: Overrides}} FormSettings
 */

// the catalogue's words by a name Python sends (a name it has no words for is shown as it is)
const PRESETS = /** @type {Record<string, string|undefined>} */ (T.presets);
const OPTIONS = /** @type {Record<string, string|undefined>} */ (T.options);
const CHOICE_WORDS = /** @type {Record<string, Record<string, string>|undefined>} */ (T.choiceWords);

export class RulesForm {
  /**
   * @param {(settings: FormSettings) => Promise<Form|null>} request asks Python for the form
   * @param {(valid: boolean) => void} onChange the form was drawn (valid: it may start), or is asked again
   */
  constructor(request, onChange) {
    this.request = request;
    this.onChange = onChange;
    /** @type {string|null} from the settings it is loaded with (Python's defaults at worst) */
    this.preset = null;
    /** @type {Overrides} */
    this.overrides = {};
    /** @type {Form|null} */
    this.form = null;
    this.token = 0;
    /** @type {(() => void)|undefined} a choice was changed: the dialog asks for the form again */
    this.changed = undefined;
    this.presetSelect = h("select", {
      id: "new-rules",
      name: "rules",
      "aria-label": T.rulesLegend,
      "aria-describedby": "new-rules-about",
      onchange: () => this.#pickPreset(),
    });
    this.about = h("p", { class: "preset-about", id: "new-rules-about" });
    this.customTag = h("span", { class: "custom-tag", id: "new-rules-custom", text: T.customised, hidden: true });
    this.main = h("div", { class: "rules-main" });
    this.optionsBox = h("div", { class: "options", id: "new-options" });
    this.details = h(
      "details",
      { class: "options-box", id: "new-options-box" },
      h("summary", { text: T.optionsLegend }),
      this.optionsBox,
    );
    this.el = h(
      "fieldset",
      { class: "rules-field", id: "new-rules-field" },
      h("legend", { text: T.rulesLegend }),
      h("div", { class: "preset-row" }, this.presetSelect, this.customTag),
      this.about,
      this.main,
      this.details,
    );
  }

  /**
   * Start from saved settings: their preset and the options they set.
   * @param {SettingsJson} settings
   */
  load(settings) {
    this.preset = settings.rules;
    this.overrides = { ...(settings.options ?? {}) };
    this.details.open = Object.keys(this.overrides).some((k) => k !== MAIN);
  }

  /**
   * The rules part of the settings: {rules, options}.
   * @returns {{rules: string|null, options: Overrides}}
   */
  value() {
    return { rules: this.preset, options: { ...this.overrides } };
  }

  get valid() {
    return Boolean(this.form) && !this.form?.error;
  }

  /**
   * Ask Python for the form of `settings` (the whole dialog's, with this part) and draw it.
   * @param {Omit<SettingsJson, "rules"|"options">} settings
   */
  async refresh(settings) {
    const token = ++this.token;
    this.onChange(false);
    const form = await this.request({ ...settings, ...this.value() });
    if (token !== this.token || !form) return;
    this.form = form;
    this.#draw();
    this.onChange(this.valid);
  }

  #pickPreset() {
    this.preset = this.presetSelect.value;
    this.overrides = {}; // a preset fills every option
    this.changed?.();
  }

  /** @param {string} name @param {OptionValue} value @param {OptionValue} fallback the preset's */
  #set(name, value, fallback) {
    if (value === fallback) delete this.overrides[name];
    else this.overrides[name] = value;
    this.changed?.();
  }

  #draw() {
    const form = this.form;
    if (!form) return;
    this.presetSelect.replaceChildren(
      ...form.presets.map((p) => h("option", { value: p.name, text: PRESETS[p.name] ?? p.name })),
    );
    this.presetSelect.value = form.preset;
    const about = form.presets.find((p) => p.name === form.preset)?.about;
    this.about.textContent = about ? T.presetAbout(about) : "";
    this.customTag.hidden = !form.customised;
    const rows = form.options.map((o) => this.#row(o, form.error));
    this.main.replaceChildren(...rows.filter((r) => r.dataset.option === MAIN));
    this.optionsBox.replaceChildren(...rows.filter((r) => r.dataset.option !== MAIN));
    if (form.error?.option && form.error.option !== MAIN) this.details.open = true;
  }

  /**
   * One option: its label, a control with the allowed values, and the engine's message.
   * @param {FormOption} o @param {FormError|null} error
   */
  #row(o, error) {
    const id = o.name === MAIN ? "new-target" : `opt-${o.name}`;
    /** @type {HTMLInputElement|HTMLSelectElement} */
    let control;
    if (o.kind === "bool") {
      const box = h("input", { type: "checkbox", id, checked: Boolean(o.value) });
      box.addEventListener("change", () => this.#set(o.name, box.checked, o.default));
      control = box;
    } else if (o.kind === "choice" || o.choices) {
      /** @type {(string|number)[]} */
      const values = o.choices ?? [];
      const select = h(
        "select",
        { id },
        ...values.map((v) =>
          h("option", {
            value: String(v),
            text: CHOICE_WORDS[o.name]?.[v] ?? (o.name === MAIN ? T.points(Number(v)) : String(v)),
          }),
        ),
      );
      select.value = String(o.value);
      select.addEventListener("change", () => {
        const v = o.kind === "choice" ? select.value : Number(select.value);
        this.#set(o.name, v, o.default);
      });
      control = select;
    } else {
      const number = h("input", {
        type: "number",
        id,
        min: String(o.min),
        max: String(o.max),
        step: "1",
        inputmode: "numeric",
      });
      number.value = String(o.value);
      number.addEventListener("change", () => {
        const v = Number(number.value);
        this.#set(o.name, Number.isInteger(v) ? v : number.value, o.default);
      });
      control = number;
    }
    const fault = error && error.option === o.name ? errorWords(error) : "";
    const message = h("p", { class: "option-error", id: `${id}-error`, role: "alert", text: fault, hidden: !fault });
    if (fault) control.setAttribute("aria-describedby", message.id);
    control.setAttribute("aria-invalid", String(Boolean(fault)));
    const row = h(
      "div",
      { class: `option-row${o.kind === "bool" ? " check" : ""}${o.customised ? " changed" : ""}` },
      h("label", { for: id, text: OPTIONS[o.name] ?? o.name }),
      control,
      message,
    );
    row.dataset.option = o.name;
    return row;
  }

  /** The engine's message for a fault no single option owns (shown under the preset). */
  get generalError() {
    const e = this.form?.error;
    return e && !this.form?.options.some((o) => o.name === e.option) ? errorWords(e) : "";
  }
}

/** The engine's refusal in the page's words, from its code. @param {FormError} error */
function errorWords(error) {
  return refusalWords({ code: error.code ?? undefined, values: error.values });
}
