import { createContext, useContext } from 'react';

export interface TourControls {
  /** `firstTime` hides Skip Tour and marks the tour seen when it closes. */
  openTour(firstTime: boolean): void;
}

export const TourContext = createContext<TourControls>({ openTour: () => undefined });

export function useTour(): TourControls {
  return useContext(TourContext);
}
