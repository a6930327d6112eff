// The API's answers that more than one feature reads; their shapes are defined once in @shop/contracts.
export type { Plan, PlanCategory, Profile } from '@shop/contracts';
export { PLAN_CATEGORIES } from '@shop/contracts';

export type { OrderResponse } from '@shop/contracts';
