import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { Progress } from '../ui/feedback.js';
import { Icon } from '../ui/icons.js';
import { TOUR_STEPS } from './tour-steps.js';
import styles from './welcome-tour.module.css';

interface WelcomeTourProps {
  open: boolean;
  firstTime: boolean;
  onClose(): void;
}

/** Six-step modal: progress bar, Previous/Next, Get Started last, Skip Tour unless first-time. */
export function WelcomeTour({ open, firstTime, onClose }: WelcomeTourProps) {
  const [index, setIndex] = useState(0);
  const navigate = useNavigate();
  const step = TOUR_STEPS[index]!;
  const last = index === TOUR_STEPS.length - 1;

  const close = () => {
    setIndex(0);
    onClose();
  };

  return (
    <Dialog
      open={open}
      wide
      onClose={close}
      title={
        <span className={`row ${styles.heading}`}>
          <span className={`empty-icon ${styles.icon}`}>
            <Icon name={step.icon} size={20} />
          </span>
          {step.title}
        </span>
      }
      footer={
        <>
          {!firstTime && (
            <Button variant="ghost" onClick={close} className={styles.skip}>
              Skip Tour
            </Button>
          )}
          <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
            Previous
          </Button>
          {last ? (
            <Button
              onClick={() => {
                close();
                void navigate('/upload');
              }}
            >
              Get Started
            </Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>Next</Button>
          )}
        </>
      }
    >
      <div className={`stack ${styles.body}`}>
        <Progress value={index + 1} max={TOUR_STEPS.length} label="Tour progress" />
        <p className={`faint ${styles.count}`}>
          Step {index + 1} of {TOUR_STEPS.length}
        </p>
        <p className={styles.text}>{step.body}</p>
        {step.points.length > 0 && (
          <ul className="check-list">
            {step.points.map((point) => (
              <li key={point}>
                <Icon name="check" size={16} />
                {point}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
