import type { JudgedQuery } from './judged-queries.ts';

/** Answer groups several judged sets share. */
export const TESTIMONIALS = ['quote-card-testimonial', 'video-testimonial-interview', 'review-wall-carousel', 'ugc-selfie-testimonial', 'case-study-results-story', 'star-rating-stat-burst'];
export const HIRING = ['were-hiring-bold-type', 'role-spotlight-job-card', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'graduate-program-recruitment'];
export const SALES = ['summer-sale-splash', 'flash-sale-ticker', 'black-friday-countdown', 'black-friday-product-grid', 'bundle-deal-builder', 'free-shipping-weekend'];

/**
 * Queries in everyday words that share few or none with the template they want: search by
 * meaning (WordNet, read at build time) must reach the catalog's terms. Written as people type
 * them, before the meaning matches were tuned; scored like the judged set (success@5, MRR).
 */
export const MEANING_QUERIES: readonly JudgedQuery[] = [
  { q: 'jogging tracker', kind: 'meaning', answers: ['fitness-app-energy-promo'] },
  { q: 'band tour', kind: 'meaning', answers: ['music-festival-hype-reel'] },
  { q: 'apparel', kind: 'meaning', answers: ['new-arrivals-lookbook'] },
  { q: 'heatwave deals', kind: 'meaning', answers: ['summer-sale-splash'] },
  { q: 'satisfied clients', kind: 'meaning', answers: TESTIMONIALS },
  { q: 'clothing store new season', kind: 'meaning', answers: ['new-arrivals-lookbook'] },
  { q: 'concert promo', kind: 'meaning', answers: ['music-festival-hype-reel'] },
  { q: 'yoga studio app', kind: 'meaning', answers: ['calm-wellness-app-spot', 'fitness-app-energy-promo'] },
  { q: 'money management app', kind: 'meaning', answers: ['fintech-app-trust-promo'] },
  { q: 'restaurant orders app', kind: 'meaning', answers: ['food-delivery-app-promo'] },
  { q: 'christmas presents', kind: 'meaning', answers: ['holiday-gift-guide'] },
  { q: 'staff wanted', kind: 'meaning', answers: HIRING },
  { q: 'college recruiting', kind: 'meaning', answers: ['graduate-program-recruitment'] },
  { q: 'sunny season sale', kind: 'meaning', answers: ['summer-sale-splash'] },
  { q: 'mindfulness app', kind: 'meaning', answers: ['calm-wellness-app-spot'] },
  { q: 'relaxation app promo', kind: 'meaning', answers: ['calm-wellness-app-spot'] },
  { q: 'exercise app', kind: 'meaning', answers: ['fitness-app-energy-promo'] },
  { q: 'happy customers quotes', kind: 'meaning', answers: TESTIMONIALS },
  { q: 'charity ball invitation', kind: 'meaning', answers: ['gala-save-the-date'] },
  { q: 'trade fair', kind: 'meaning', answers: ['trade-show-booth-loop'] },
  { q: 'exhibition stand loop', kind: 'meaning', answers: ['trade-show-booth-loop'] },
  { q: 'panel of presenters', kind: 'meaning', answers: ['conference-speaker-lineup'] },
  { q: 'brand emblem animation', kind: 'meaning', answers: ['liquid-logo-sting', 'rebrand-reveal-morph', 'brand-colors-mosaic-intro'] },
  { q: 'smartphone game', kind: 'meaning', answers: ['mobile-game-launch-trailer'] },
  { q: 'radio show teaser', kind: 'meaning', answers: ['podcast-audiogram-teaser'] },
  { q: 'overseas team recruiting', kind: 'meaning', answers: ['remote-team-hiring-globe'] },
  { q: 'worldwide hiring', kind: 'meaning', answers: ['remote-team-hiring-globe'] },
  { q: 'parcel opening video', kind: 'meaning', answers: ['unboxing-first-look'] },
  { q: 'subscription costs explained', kind: 'meaning', answers: ['pricing-plan-explainer'] },
  { q: 'film style product reveal', kind: 'meaning', answers: ['cinematic-hero-reveal'] },
  { q: 'humorous teaser', kind: 'meaning', answers: ['meme-format-teaser'] },
  { q: 'vintage tape look', kind: 'meaning', answers: ['retro-vhs-launch'] },
  { q: 'nostalgic launch', kind: 'meaning', answers: ['retro-vhs-launch'] },
  { q: 'bargain event', kind: 'meaning', answers: SALES },
  { q: 'cosmetics bundle', kind: 'meaning', answers: ['bundle-deal-builder'] },
  { q: 'stopwatch', kind: 'meaning', answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence', 'live-stream-starting-soon'] },
  { q: 'mysterious teaser', kind: 'meaning', answers: ['coming-soon-glitch-teaser', 'blur-reveal-teaser'] },
  { q: 'garments collection', kind: 'meaning', answers: ['new-arrivals-lookbook'] },
  { q: 'graphs results story', kind: 'meaning', answers: ['case-study-results-story'] },
  { q: 'company history documentary', kind: 'meaning', answers: ['brand-origin-story'] },
  { q: 'neighbourhood gathering invite', kind: 'meaning', answers: ['community-meetup-invite'] },
  { q: 'live broadcast starting', kind: 'meaning', answers: ['live-stream-starting-soon'] },
  { q: 'main speech opener', kind: 'meaning', answers: ['keynote-stage-opener'] },
  { q: 'seminar invite', kind: 'meaning', answers: ['community-meetup-invite', 'webinar-registration-countdown'] },
];
