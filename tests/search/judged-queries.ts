import type { Template } from '../../src/schemas/template.ts';
import { CONSTRAINT_QUERIES } from './judged-constraint-queries.ts';

/**
 * The judged relevance set: queries as people and agents write them, each with the sample
 * catalog's templates (slugs) that answer it. A query is a success when one of them is in the
 * top 5. Kinds name what each query exercises; `npm test` and `npm run bench -- search` score it.
 */
export interface JudgedQuery {
  q: string;
  kind: 'keyword' | 'sentence' | 'synonym' | 'inflection' | 'swap' | 'typo' | 'compound' | 'format' | 'prefix' | 'tier' | 'duration' | 'editable' | 'price' | 'combined' | 'topical' | 'meaning';
  answers: string[];
  /** A constraint written in the query, as the test states it: every template answered must meet it. */
  meets?: (t: Template) => boolean;
  /** A filter word that is part of what a template is about: that template must come first. */
  first?: string;
}

const vertical = (t: Template) => t.formats.includes('9:16');
const horizontal = (t: Template) => t.formats.includes('16:9');

const PLAIN_QUERIES: readonly JudgedQuery[] = [
  // plain keywords
  { q: 'countdown', kind: 'keyword', answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence'] },
  { q: 'black friday', kind: 'keyword', answers: ['black-friday-countdown', 'black-friday-product-grid'] },
  { q: 'podcast', kind: 'keyword', answers: ['podcast-audiogram-teaser'] },
  { q: 'unboxing', kind: 'keyword', answers: ['unboxing-first-look'] },
  { q: 'logo sting', kind: 'keyword', answers: ['liquid-logo-sting'] },
  { q: 'pricing plans', kind: 'keyword', answers: ['pricing-plan-explainer'] },
  { q: 'case study', kind: 'keyword', answers: ['case-study-results-story', 'video-testimonial-interview'] },
  // sentences as people and agents write them
  { q: 'a video for our product launch', kind: 'sentence', answers: ['minimal-product-launch', 'neon-countdown-launch', 'pre-order-launch-teaser', 'retro-vhs-launch', 'cinematic-hero-reveal'] },
  { q: 'I need something to announce that we are hiring', kind: 'sentence', answers: ['were-hiring-bold-type', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'role-spotlight-job-card', 'graduate-program-recruitment'] },
  { q: 'show me templates for a black friday sale', kind: 'sentence', answers: ['black-friday-countdown', 'black-friday-product-grid'] },
  { q: 'find a template to invite people to our webinar', kind: 'sentence', answers: ['webinar-registration-countdown'] },
  { q: 'customer testimonial video with quotes', kind: 'sentence', answers: ['quote-card-testimonial', 'video-testimonial-interview', 'review-wall-carousel'] },
  { q: 'something for our podcast episode on instagram', kind: 'sentence', answers: ['podcast-audiogram-teaser'] },
  { q: 'we are launching a mobile game next month', kind: 'sentence', answers: ['mobile-game-launch-trailer'] },
  { q: 'explain our pricing tiers', kind: 'sentence', answers: ['pricing-plan-explainer'] },
  { q: 'templates to promote a summer sale on our store', kind: 'sentence', answers: ['summer-sale-splash'] },
  { q: 'looking for a logo intro for youtube', kind: 'sentence', answers: ['liquid-logo-sting', 'brand-colors-mosaic-intro'] },
  { q: 'show our customers what is new in the app', kind: 'sentence', answers: ['whats-new-app-update', 'monthly-release-notes-roundup'] },
  { q: 'a teaser before our drop goes live', kind: 'sentence', answers: ['coming-soon-glitch-teaser', 'launch-week-daily-drop', 'blur-reveal-teaser'] },
  // synonyms
  { q: 'careers', kind: 'synonym', answers: ['were-hiring-bold-type', 'role-spotlight-job-card', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'graduate-program-recruitment'] },
  { q: 'jobs video', kind: 'synonym', answers: ['role-spotlight-job-card', 'were-hiring-bold-type', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe'] },
  { q: 'app advert', kind: 'synonym', answers: ['fintech-app-trust-promo', 'fitness-app-energy-promo', 'food-delivery-app-promo', 'swipe-through-app-promo', 'calm-wellness-app-spot', 'integration-hub-promo'] },
  { q: 'commercial for a fitness app', kind: 'synonym', answers: ['fitness-app-energy-promo'] },
  { q: 'christmas gifts', kind: 'synonym', answers: ['holiday-gift-guide'] },
  { q: 'xmas sale', kind: 'synonym', answers: ['holiday-gift-guide'] },
  { q: 'discount', kind: 'synonym', answers: ['black-friday-countdown', 'flash-sale-ticker', 'summer-sale-splash', 'bundle-deal-builder'] },
  { q: 'product trailer', kind: 'synonym', answers: ['cinematic-hero-reveal', 'mobile-game-launch-trailer', 'pre-order-launch-teaser'] },
  { q: 'software tutorial', kind: 'synonym', answers: ['cursor-click-walkthrough'] },
  { q: 'customer reviews', kind: 'synonym', answers: ['review-wall-carousel', 'quote-card-testimonial', 'star-rating-stat-burst'] },
  { q: 'recruitment', kind: 'synonym', answers: ['graduate-program-recruitment', 'were-hiring-bold-type'] },
  { q: 'livestream', kind: 'synonym', answers: ['live-stream-starting-soon', 'keynote-stage-opener'] },
  // inflections
  { q: 'launches', kind: 'inflection', answers: ['neon-countdown-launch', 'minimal-product-launch', 'retro-vhs-launch', 'launch-day-split-screen', 'pre-order-launch-teaser'] },
  { q: 'launching', kind: 'inflection', answers: ['neon-countdown-launch', 'minimal-product-launch', 'retro-vhs-launch', 'launch-day-split-screen', 'pre-order-launch-teaser'] },
  { q: 'reviews', kind: 'inflection', answers: ['review-wall-carousel', 'quote-card-testimonial'] },
  { q: 'hiring', kind: 'inflection', answers: ['were-hiring-bold-type', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'role-spotlight-job-card'] },
  { q: 'testimonials', kind: 'inflection', answers: ['quote-card-testimonial', 'video-testimonial-interview', 'ugc-selfie-testimonial'] },
  { q: 'festivals', kind: 'inflection', answers: ['music-festival-hype-reel'] },
  { q: 'countdowns', kind: 'inflection', answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence'] },
  { q: 'speaker', kind: 'inflection', answers: ['conference-speaker-lineup'] },
  // adjacent swaps
  { q: 'lanuch', kind: 'swap', answers: ['neon-countdown-launch', 'minimal-product-launch', 'retro-vhs-launch', 'launch-day-split-screen'] },
  { q: 'testimonail', kind: 'swap', answers: ['quote-card-testimonial', 'video-testimonial-interview', 'ugc-selfie-testimonial'] },
  { q: 'webianr', kind: 'swap', answers: ['webinar-registration-countdown'] },
  { q: 'hirign', kind: 'swap', answers: ['were-hiring-bold-type', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe'] },
  { q: 'podacst', kind: 'swap', answers: ['podcast-audiogram-teaser'] },
  { q: 'prodcut lanuch', kind: 'swap', answers: ['minimal-product-launch', 'neon-countdown-launch', 'pre-order-launch-teaser'] },
  { q: 'tmeplate for a conference', kind: 'swap', answers: ['conference-speaker-lineup'] },
  { q: 'unobxing', kind: 'swap', answers: ['unboxing-first-look'] },
  // other typos: missing, extra and wrong letters
  { q: 'countdwn', kind: 'typo', answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence'] },
  { q: 'festivall', kind: 'typo', answers: ['music-festival-hype-reel'] },
  { q: 'testimonal', kind: 'typo', answers: ['quote-card-testimonial', 'video-testimonial-interview', 'ugc-selfie-testimonial'] },
  { q: 'recruting', kind: 'typo', answers: ['graduate-program-recruitment', 'were-hiring-bold-type'] },
  { q: 'holliday gift', kind: 'typo', answers: ['holiday-gift-guide'] },
  { q: 'webinnar countdown', kind: 'typo', answers: ['webinar-registration-countdown'] },
  { q: 'manifsto', kind: 'typo', answers: ['bold-brand-manifesto', 'culture-values-manifesto'] },
  { q: 'dashbaord feature', kind: 'typo', answers: ['dashboard-feature-spotlight'] },
  // run-together, hyphenated and split forms
  { q: 'walk through', kind: 'compound', answers: ['cursor-click-walkthrough'] },
  { q: 'walkthrough', kind: 'compound', answers: ['cursor-click-walkthrough'] },
  { q: 'preorder', kind: 'compound', answers: ['pre-order-launch-teaser'] },
  { q: 'pre order', kind: 'compound', answers: ['pre-order-launch-teaser'] },
  { q: 'livestream starting soon', kind: 'compound', answers: ['live-stream-starting-soon'] },
  { q: 'whats new', kind: 'compound', answers: ['whats-new-app-update'] },
  { q: 'e-commerce sale', kind: 'compound', answers: ['flash-sale-ticker', 'summer-sale-splash', 'black-friday-countdown', 'free-shipping-weekend'] },
  { q: 'splitscreen', kind: 'compound', answers: ['launch-day-split-screen'] },
  { q: 'we are hiring', kind: 'compound', answers: ['were-hiring-bold-type'] },
  // format words
  { q: 'vertical product launch', kind: 'format', meets: vertical, answers: ['unboxing-first-look', 'minimal-product-launch', 'neon-countdown-launch', 'pre-order-launch-teaser'] },
  { q: 'portrait hiring video', kind: 'format', meets: vertical, answers: ['role-spotlight-job-card', 'meet-the-team-hiring-reel', 'were-hiring-bold-type', 'remote-team-hiring-globe', 'graduate-program-recruitment'] },
  { q: '9:16 sale', kind: 'format', meets: vertical, answers: ['flash-sale-ticker', 'bundle-deal-builder', 'summer-sale-splash'] },
  { q: 'widescreen testimonial', kind: 'format', meets: horizontal, answers: ['case-study-results-story', 'video-testimonial-interview', 'quote-card-testimonial'] },
  { q: 'landscape webinar', kind: 'format', meets: horizontal, answers: ['webinar-registration-countdown'] },
  { q: '16:9 keynote', kind: 'format', meets: horizontal, answers: ['keynote-stage-opener'] },
  { q: 'vertical ugc', kind: 'format', meets: vertical, answers: ['ugc-selfie-testimonial'] },
  // prefixes, as the as-you-type box sends them
  { q: 'coun', kind: 'prefix', answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence'] },
  { q: 'neon count', kind: 'prefix', answers: ['neon-countdown-launch'] },
  { q: 'testim', kind: 'prefix', answers: ['quote-card-testimonial', 'video-testimonial-interview', 'ugc-selfie-testimonial'] },
  { q: 'gala save the', kind: 'prefix', answers: ['gala-save-the-date'] },
  { q: 'audiog', kind: 'prefix', answers: ['podcast-audiogram-teaser'] },
];

export const JUDGED_QUERIES: readonly JudgedQuery[] = [...PLAIN_QUERIES, ...CONSTRAINT_QUERIES];
