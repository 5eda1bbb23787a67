import SimulcastCore
import Testing

@Suite struct MatchRetryScheduleTests {
    @Test(arguments: [(0, 5), (1, 5), (2, 15), (3, 60), (4, 300), (50, 300)])
    func waitsGrowThenStay(answers: Int, seconds: Int64) {
        #expect(MatchRetrySchedule().wait(afterUnavailableAnswers: answers) == .seconds(seconds))
    }
}
