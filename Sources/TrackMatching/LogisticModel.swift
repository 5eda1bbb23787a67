import Foundation

/// A logistic regression over `PairFeatures`, fitted by plain batch gradient descent with
/// a little L2: deterministic, so `simulcast match-fit` reproduces the committed weights.
public struct LogisticModel: Codable, Hashable, Sendable {
    public var weights: [Double]
    public var threshold: Double

    public init(weights: [Double], threshold: Double = 0.5) {
        self.weights = weights
        self.threshold = threshold
    }

    public func probability(_ features: [Double]) -> Double {
        let z = zip(weights, features).reduce(0) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-z))
    }

    public func decide(_ features: [Double]) -> Bool { probability(features) >= threshold }

    public static func fit(_ examples: [(features: [Double], label: Bool)], iterations: Int = 4_000, learningRate: Double = 0.5, l2: Double = 0.001)
        -> LogisticModel
    {
        guard let width = examples.first?.features.count else { return LogisticModel(weights: []) }
        var weights = Array(repeating: 0.0, count: width)
        let count = Double(examples.count)
        for _ in 0..<iterations {
            var gradient = Array(repeating: 0.0, count: width)
            for example in examples {
                let z = zip(weights, example.features).reduce(0) { $0 + $1.0 * $1.1 }
                let error = 1 / (1 + exp(-z)) - (example.label ? 1 : 0)
                for index in 0..<width { gradient[index] += error * example.features[index] }
            }
            for index in 0..<width {
                let penalty = index == 0 ? 0 : l2 * weights[index]
                weights[index] -= learningRate * (gradient[index] / count + penalty)
            }
        }
        // The threshold that maximises F1 on the training data.
        var best = (threshold: 0.5, f1: -1.0)
        let model = LogisticModel(weights: weights)
        for step in 5...95 {
            let threshold = Double(step) / 100
            var tp = 0.0, fp = 0.0, fn = 0.0
            for example in examples {
                let yes = model.probability(example.features) >= threshold
                if yes && example.label { tp += 1 } else if yes { fp += 1 } else if example.label { fn += 1 }
            }
            let f1 = tp == 0 ? 0 : 2 * tp / (2 * tp + fp + fn)
            if f1 > best.f1 { best = (threshold, f1) }
        }
        return LogisticModel(weights: weights, threshold: best.threshold)
    }
}
