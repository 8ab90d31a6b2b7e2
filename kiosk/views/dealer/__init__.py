"""What the dealer panel decides, without Qt: the roulette pad and its confirm, the Caribbean
stud jackpot hand picked by touch and what it pays, two-up's status in words and its light
maintenance, and which tri-chro control is the next legal one.  ``kiosk/ui/staff/dealer`` only
shows these."""
