/** A skill's SKILL.md as the Skills extension serves it (SEP-2640): `skill://<name>/SKILL.md`. */
export const buildSkillUri = (name: string) => `skill://${name}/SKILL.md`;
