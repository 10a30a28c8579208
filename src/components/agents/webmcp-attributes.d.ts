/*
 * The declarative WebMCP attributes (Chrome's form annotations, see webmcp-forms.ts) in Astro's
 * HTML types, so that templates may write them like any other attribute.
 */
declare namespace astroHTML.JSX {
  interface FormHTMLAttributes {
    /** The tool's name. */
    toolname?: string | undefined | null;
    /** What the tool does and when to call it. */
    tooldescription?: string | undefined | null;
    /** The agent may submit the form without the person. */
    toolautosubmit?: boolean | string | undefined | null;
  }
  interface InputHTMLAttributes {
    /** The field's description in the tool's input schema. */
    toolparamdescription?: string | undefined | null;
  }
  interface FieldsetHTMLAttributes {
    /** The description of a radio group (or other fields) in the tool's input schema. */
    toolparamdescription?: string | undefined | null;
  }
}
