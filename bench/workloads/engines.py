# Engine workloads: a whole bot game of each engine as the device keeps it (a
# record, every action appended and the state replaced), one action per step,
# then an undo (a replay of the whole record, the costliest single step).
from usher import games
from usher.core import game, rng


class Workload:
    def __init__(self, game_id, seed=1):
        self.eng = games.engine(game_id)
        self.bot = games.bot(game_id)
        self.record, self.state = game.new_record(self.eng, {}, seed)
        self.bot_rng = rng.new_state(seed ^ 0x5A5A)
        self.done = False

    def step(self):
        if self.done:
            return False
        action = self.bot.next_action(self.state, self.bot_rng)
        if action is None:
            game.undo(self.eng, self.record)
            self.done = True
            return True
        self.record, self.state = game.play(self.eng, self.record, self.state, action)
        return True
